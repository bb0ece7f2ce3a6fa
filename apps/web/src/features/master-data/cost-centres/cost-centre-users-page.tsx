import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { CostCentreOption, CostCentreUserDto } from '@delego/contract';
import { FilterSelect } from '../../../components/data-table/filter-select.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../../components/data-table/use-list-state.ts';
import { useCostCentreOptions, useCostCentreUsers } from '../api/cost-centres.ts';
import { CostCentreHeader } from './cost-centre-navigation.tsx';
import { CostCentreUserDialog } from './cost-centre-user-dialog.tsx';

type Sort = 'surname' | 'login';

/** `/settings/cost-centre/users`: which cost centres each user may use, and their default one. */
export function CostCentreUsersPage() {
  const { t } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<Sort>({ sort: 'surname' });
  const { params, setFilter } = useListFilters();
  const costCentreId = Number(params.get('cost_centre_id')) || undefined;
  const list = useCostCentreUsers({ ...query, cost_centre_id: costCentreId });
  const options = useCostCentreOptions();
  const [editing, setEditing] = useState<CostCentreUserDto | null>(null);
  const byId = useMemo(() => new Map((options.data?.items ?? []).map((centre) => [centre.id, centre])), [options.data]);
  const label = (id: number) => byId.get(id)?.ordinate ?? `#${id}`;

  const columns: DataColumn<CostCentreUserDto, Sort>[] = [
    { key: 'surname', label: t('common.user'), sortKey: 'surname', render: (row) => `${row.surname} ${row.name}` },
    { key: 'login', label: t('common.login'), sortKey: 'login', render: (row) => row.login },
    {
      key: 'cost_centres',
      label: t('costCentres.users.assigned'),
      render: (row) =>
        row.cost_centre_ids.length === 0 ? (
          t('costCentres.users.none')
        ) : (
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {row.cost_centre_ids.map((id) => (
              <Chip key={id} size="small" label={label(id)} variant={id === row.default_cost_centre_id ? 'filled' : 'outlined'} color={id === row.default_cost_centre_id ? 'primary' : 'default'} />
            ))}
          </Stack>
        ),
    },
    { key: 'default', label: t('costCentres.users.default'), render: (row) => (row.default_cost_centre_id === null ? '—' : label(row.default_cost_centre_id)) },
  ];

  return (
    <>
      <CostCentreHeader title={tr('settings.costCentreUsers')} description={t('costCentres.users.description')} />
      <DataTable
        label={tr('settings.costCentreUsers')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.user_id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <FilterSelect
            label={t('costCentres.users.filter')}
            value={costCentreId ? String(costCentreId) : ''}
            onChange={(value) => setFilter('cost_centre_id', value)}
            allLabel={t('costCentres.users.allUsers')}
            options={(options.data?.items ?? []).map((centre: CostCentreOption) => ({
              value: String(centre.id),
              label: centre.name ? `${centre.ordinate} – ${centre.name}` : centre.ordinate,
            }))}
            minWidth={240}
          />
        }
        actions={(row) => (
          <Tooltip title={t('costCentres.users.editFor', { name: `${row.name} ${row.surname}` })}>
            <IconButton aria-label={t('costCentres.users.editFor', { name: `${row.name} ${row.surname}` })} onClick={() => setEditing(row)}>
              <EditIcon />
            </IconButton>
          </Tooltip>
        )}
      />
      <CostCentreUserDialog user={editing} options={options.data?.items ?? []} onClose={() => setEditing(null)} />
    </>
  );
}
