import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PER_DIEM_RATE_SOURCES, isLocalDate, toLocalDate, type PerDiemRateSource } from '@delego/domain';
import type { PerDiemRateInForceDto } from '@delego/contract';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useMyRates, useRateGroupOptions, useRatesInForce } from './api/use-rates.ts';
import { useCountryName, useDecimalFormat, useValidityText } from './format.ts';
import { RatesNavigation } from './rates-tabs.tsx';
import { FilterDateField } from '../../components/inputs/filter-date-field.tsx';

type Sort = 'country_code' | 'per_diem' | 'hotel_limit' | 'currency' | 'source';

function isSource(value: string | null): value is PerDiemRateSource {
  return (PER_DIEM_RATE_SOURCES as readonly (string | null)[]).includes(value);
}

/** Filters kept in the address beside the list state: the day, the source and (for administrators) the group. */
function useFilters() {
  const { params, setFilter: set } = useListFilters();
  const date = params.get('date');
  const source = params.get('source');
  const groupId = Number(params.get('group_id'));
  return {
    date: date && isLocalDate(date) ? date : toLocalDate(new Date()),
    source: isSource(source) ? source : undefined,
    groupId: Number.isInteger(groupId) && groupId > 0 ? groupId : undefined,
    set,
  };
}

function useColumns(showGroup: boolean): DataColumn<PerDiemRateInForceDto, Sort>[] {
  const { t } = useTranslation('rates');
  const countryName = useCountryName();
  const amount = useDecimalFormat();
  const validity = useValidityText();
  return [
    {
      key: 'country_code',
      label: t('columns.country'),
      sortKey: 'country_code',
      render: (row) => (
        <>
          {countryName(row.country_code)}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({row.country_code})
          </Typography>
        </>
      ),
    },
    { key: 'region', label: t('columns.region'), render: (row) => row.region ?? '' },
    { key: 'per_diem', label: t('columns.perDiem'), sortKey: 'per_diem', align: 'right', render: (row) => amount(row.per_diem) },
    { key: 'currency', label: t('columns.currency'), sortKey: 'currency', render: (row) => row.currency },
    { key: 'hotel_limit', label: t('columns.hotelLimit'), sortKey: 'hotel_limit', align: 'right', render: (row) => amount(row.hotel_limit) },
    ...(showGroup
      ? [{ key: 'group', label: t('columns.group'), render: (row: PerDiemRateInForceDto) => (row.source === 'company' ? (row.group_name ?? t('inForce.wholeCompany')) : '') }]
      : []),
    { key: 'validity', label: t('columns.validity'), render: (row) => validity(row.valid_from, row.valid_to) },
    {
      key: 'source',
      label: t('columns.source'),
      sortKey: 'source',
      render: (row) => <Chip size="small" variant={row.source === 'company' ? 'filled' : 'outlined'} color={row.source === 'company' ? 'primary' : 'default'} label={t(`sources.${row.source}`)} />,
    },
  ];
}

function DateAndSourceFilters({ filters }: { filters: ReturnType<typeof useFilters> }) {
  const { t } = useTranslation('rates');
  return (
    <>
      <FilterDateField
        label={t('inForce.date')}
        value={filters.date}
        // The rates are always of some day: while a new one is typed, the last whole one stays.
        onChange={(day) => day && filters.set('date', day)}
      />
      <FilterSelect
        label={t('inForce.source')}
        value={filters.source ?? ''}
        onChange={(value) => filters.set('source', value)}
        allLabel={t('inForce.allSources')}
        options={PER_DIEM_RATE_SOURCES.map((source) => ({ value: source, label: t(`sources.${source}`) }))}
        minWidth={160}
      />
    </>
  );
}

/** `/settings/delegation-rate`: the rates in force for a chosen day and rate group. */
export function DelegationRatesPage() {
  const { t } = useTranslation('rates');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<Sort>({ sort: 'country_code', page_size: 50 });
  const filters = useFilters();
  const groups = useRateGroupOptions();
  const list = useRatesInForce({ ...query, date: filters.date, source: filters.source, group_id: filters.groupId });
  const columns = useColumns(true);
  return (
    <>
      <RatesNavigation />
      <PageHeader title={tr('settings.delegationRate')} description={t('inForce.description')} />
      <DataTable
        label={tr('settings.delegationRate')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => `${row.country_code}-${row.region ?? ''}`}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <DateAndSourceFilters filters={filters} />
            <FilterSelect
              label={t('inForce.group')}
              value={filters.groupId === undefined ? '' : String(filters.groupId)}
              onChange={(value) => filters.set('group_id', value)}
              allLabel={t('inForce.noGroup')}
              options={(groups.data?.items ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
              minWidth={220}
            />
          </Stack>
        }
      />
    </>
  );
}

/** `/delegation-info/delegation-rate`: every employee sees the rates in force for their own rate group. */
export function MyDelegationRatesPage() {
  const { t } = useTranslation('rates');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<Sort>({ sort: 'country_code', page_size: 50 });
  const filters = useFilters();
  const list = useMyRates({ ...query, date: filters.date, source: filters.source });
  const columns = useColumns(false);
  const chain = list.data?.group_chain ?? [];
  return (
    <>
      <PageHeader
        title={tr('delegationInfo.delegationRate')}
        description={
          <>
            {t('inForce.myDescription')}{' '}
            {list.data && (chain.length > 0 ? t('inForce.chain', { chain: chain.map((group) => group.name).join(' → ') }) : t('inForce.chainNone'))}
          </>
        }
      />
      <DataTable
        label={tr('delegationInfo.delegationRate')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => `${row.country_code}-${row.region ?? ''}`}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <DateAndSourceFilters filters={filters} />
          </Stack>
        }
      />
    </>
  );
}
