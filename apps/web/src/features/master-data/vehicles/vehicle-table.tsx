import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryOf, VehicleDto, vehicleApi } from '@delego/contract';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import type { ListState } from '../../../components/data-table/use-list-state.ts';
import { useVehicles } from '../api/vehicles.ts';
import { StatusChip } from '../shared/status-chip.tsx';

export type VehicleSort = 'plates' | 'model' | 'engine_capacity' | 'type' | 'owner';

interface VehicleTableProps {
  label: string;
  query: QueryOf<typeof vehicleApi.list>;
  state: ListState<VehicleSort>;
  onChange: (change: Partial<ListState<VehicleSort>>) => void;
  showOwner: boolean;
  onEdit?: (vehicle: VehicleDto) => void;
  onDelete?: (vehicle: VehicleDto) => void;
  toolbar?: ReactNode;
}

/** A list of vehicles; rows the user may change get edit and delete buttons. */
export function VehicleTable({ label, query, state, onChange, showOwner, onEdit, onDelete, toolbar }: VehicleTableProps) {
  const { t } = useTranslation('masterData');
  const list = useVehicles(query);
  const columns: DataColumn<VehicleDto, VehicleSort>[] = [
    { key: 'plates', label: t('vehicles.fields.plates'), sortKey: 'plates', render: (row) => row.plates },
    { key: 'model', label: t('vehicles.fields.model'), sortKey: 'model', render: (row) => row.model },
    { key: 'engine_capacity', label: t('vehicles.columns.engineCapacity'), sortKey: 'engine_capacity', align: 'right', render: (row) => row.engine_capacity },
    { key: 'type', label: t('vehicles.fields.type'), sortKey: 'type', render: (row) => t(`vehicles.types.${row.type}`) },
    ...(showOwner
      ? [{ key: 'owner', label: t('vehicles.columns.owner'), sortKey: 'owner' as const, render: (row: VehicleDto) => (row.is_private ? (row.owner_name ?? '—') : t('vehicles.company')) }]
      : []),
    { key: 'is_active', label: t('common.status'), render: (row) => <StatusChip on={row.is_active} onLabel={t('common.active')} offLabel={t('common.inactive')} /> },
  ];
  const editable = onEdit !== undefined || onDelete !== undefined;
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={list.data?.items}
      total={list.data?.total}
      rowKey={(row) => row.id}
      state={state}
      onChange={onChange}
      isLoading={list.isFetching}
      isError={list.isError}
      toolbar={toolbar}
      actions={
        editable
          ? (row) =>
              row.can_edit ? (
                <>
                  {onEdit && (
                    <Tooltip title={t('common.editNamed', { name: row.plates })}>
                      <IconButton aria-label={t('common.editNamed', { name: row.plates })} onClick={() => onEdit(row)}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                  {onDelete && (
                    <Tooltip title={t('common.deleteNamed', { name: row.plates })}>
                      <IconButton aria-label={t('common.deleteNamed', { name: row.plates })} onClick={() => onDelete(row)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </>
              ) : null
          : undefined
      }
    />
  );
}
