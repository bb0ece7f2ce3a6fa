import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import { useTranslation } from 'react-i18next';
import type { OrganizationUnitUserDto } from '@delego/contract';
import { FilterSelect } from '../../../components/data-table/filter-select.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../../components/data-table/use-list-state.ts';
import { useOrganizationUnitUsers, useOrganizationUnits } from '../api/organisation.ts';
import { AssignUnitDialog } from './assign-unit-dialog.tsx';
import { OrganisationHeader } from './organisation-header.tsx';
import { flattenTree, unitPath } from './unit-tree.ts';

type Sort = 'surname' | 'login' | 'unit';

/** `/settings/organizational-structure/users`: who belongs to which unit; users are moved one by one or several at once. */
export function OrganisationUsersPage() {
  const { t } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<Sort>({ sort: 'surname' });
  const { params, setFilter } = useListFilters();
  const unitParam = params.get('unit');
  const unitFilter = unitParam === 'none' ? 'none' : Number(unitParam) || undefined;
  const list = useOrganizationUnitUsers({ ...query, unit: unitFilter });
  const tree = useOrganizationUnits();
  const units = useMemo(() => tree.data?.units ?? [], [tree.data]);
  const [selected, setSelected] = useState<OrganizationUnitUserDto[]>([]);
  const [assigning, setAssigning] = useState<OrganizationUnitUserDto[] | null>(null);
  const isSelected = (row: OrganizationUnitUserDto) => selected.some((user) => user.user_id === row.user_id);
  const rows = list.data?.items ?? [];
  const allOnPageSelected = rows.length > 0 && rows.every(isSelected);

  const columns: DataColumn<OrganizationUnitUserDto, Sort>[] = [
    {
      key: 'select',
      label: '',
      render: (row) => (
        <Checkbox
          checked={isSelected(row)}
          onChange={(event) => setSelected((current) => (event.target.checked ? [...current, row] : current.filter((user) => user.user_id !== row.user_id)))}
          slotProps={{ input: { 'aria-label': t('organisation.users.select', { name: `${row.name} ${row.surname}` }) } }}
        />
      ),
    },
    { key: 'surname', label: t('common.user'), sortKey: 'surname', render: (row) => `${row.surname} ${row.name}` },
    { key: 'login', label: t('common.login'), sortKey: 'login', render: (row) => row.login },
    {
      key: 'unit',
      label: t('organisation.users.unit'),
      sortKey: 'unit',
      render: (row) => (row.organization_unit_id === null ? t('organisation.users.noUnit') : unitPath(units, row.organization_unit_id)),
    },
  ];

  return (
    <>
      <OrganisationHeader
        title={tr('settings.organizationalStructureUsers')}
        description={t('organisation.users.description')}
        actions={
          <Button variant="contained" startIcon={<DriveFileMoveIcon />} disabled={selected.length === 0} onClick={() => setAssigning(selected)}>
            {t('organisation.users.assignSelected', { count: selected.length })}
          </Button>
        }
      />
      <DataTable
        label={tr('settings.organizationalStructureUsers')}
        columns={columns}
        rows={rows}
        total={list.data?.total}
        rowKey={(row) => row.user_id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <>
            <Button size="small" disabled={rows.length === 0} onClick={() => setSelected(allOnPageSelected ? [] : [...selected.filter((user) => !rows.some((row) => row.user_id === user.user_id)), ...rows])}>
              {allOnPageSelected ? t('organisation.users.clearSelection') : t('organisation.users.selectPage')}
            </Button>
            <FilterSelect
              label={t('organisation.users.filter')}
              value={unitParam ?? ''}
              onChange={(value) => setFilter('unit', value)}
              allLabel={t('organisation.users.allUnits')}
              options={[
                { value: 'none', label: t('organisation.users.noUnit') },
                ...flattenTree(units).map(({ unit, depth }) => ({ value: String(unit.id), label: `${'\u00a0\u00a0'.repeat(depth)}${unit.name}` })),
              ]}
              minWidth={240}
            />
          </>
        }
        actions={(row) => (
          <Tooltip title={t('organisation.users.moveOne', { name: `${row.name} ${row.surname}` })}>
            <IconButton aria-label={t('organisation.users.moveOne', { name: `${row.name} ${row.surname}` })} onClick={() => setAssigning([row])}>
              <DriveFileMoveIcon />
            </IconButton>
          </Tooltip>
        )}
      />
      <AssignUnitDialog
        users={assigning}
        units={units}
        onClose={(assigned) => {
          if (assigned) setSelected([]);
          setAssigning(null);
        }}
      />
    </>
  );
}
