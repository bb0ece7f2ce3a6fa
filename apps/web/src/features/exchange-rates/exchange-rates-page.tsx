import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EXCHANGE_RATE_SOURCES, isLocalDate, toLocalDate, type ExchangeRateSource, formatExchangeRate } from '@delego/domain';
import type { ExchangeRateDto } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { useDeleteConfirmation } from '../../components/feedback/use-delete-confirmation.ts';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SettingsNavigation } from '../../components/settings-navigation.tsx';
import { applyServerIssues } from '../../lib/form-errors.ts';
import { useDeleteExchangeRate, useExchangeRates, useSaveExchangeRate } from './api/use-exchange-rates.ts';
import { NbpImportDialog } from './nbp-import-dialog.tsx';
import { FormDateField } from '../../components/form/form-date-field.tsx';
import { FilterDateField } from '../../components/inputs/filter-date-field.tsx';

const FIELDS = ['currency', 'date', 'rate'] as const;

const manualSchema = z.object({
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'validation.currency'),
  date: z.string().refine(isLocalDate, 'validation.date'),
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,6}([.,]\d{1,6})?$/, 'validation.rate')
    .refine((value) => Number(value.replace(',', '.')) > 0, 'validation.valueOutOfRange'),
});
type ManualValues = z.infer<typeof manualSchema>;

function useRateFormat() {
  const { i18n } = useTranslation();
  return (rate: string) =>
    formatExchangeRate(rate, i18n.language);
}

function ManualRateDialog({ rate, onClose }: { rate: ExchangeRateDto | null; onClose: () => void }) {
  const { t } = useTranslation('exchange-rates');
  const save = useSaveExchangeRate();
  const form = useForm<ManualValues>({
    resolver: zodResolver(manualSchema),
    mode: 'onTouched',
    defaultValues: rate ? { currency: rate.currency, date: rate.date, rate: rate.rate } : { currency: '', date: toLocalDate(new Date()), rate: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { ...(rate ? { id: rate.id } : {}), currency: values.currency.toUpperCase(), date: values.date, rate: values.rate.replace(',', '.') },
      {
        onSuccess: () => {
          enqueueSnackbar(t('manual.saved'));
          onClose();
        },
        onError: (error) => applyServerIssues(error, form.setError, FIELDS),
      },
    ),
  );
  return (
    <FormDialog open title={rate ? t('manual.editTitle', { currency: rate.currency, date: rate.date }) : t('manual.addTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending} maxWidth="xs">
      <FormTextField control={form.control} name="currency" label={t('manual.currency')} required maxLength={3} />
      <FormDateField control={form.control} name="date" label={t('manual.date')} required />
      <FormTextField control={form.control} name="rate" label={t('manual.rate')} helperText={t('manual.rateHelp')} required maxLength={14} />
    </FormDialog>
  );
}

function isSource(value: string | null): value is ExchangeRateSource {
  return (EXCHANGE_RATE_SOURCES as readonly (string | null)[]).includes(value);
}

/** The list's filters, kept in the address: currency, date range and source. */
function useFilters() {
  const { params, setFilter: set } = useListFilters();
  const currency = (params.get('currency') ?? '').toUpperCase();
  const dateFrom = params.get('date_from') ?? '';
  const dateTo = params.get('date_to') ?? '';
  const source = params.get('source');
  return {
    query: {
      currency: /^[A-Z]{3}$/.test(currency) ? currency : undefined,
      date_from: isLocalDate(dateFrom) ? dateFrom : undefined,
      date_to: isLocalDate(dateTo) ? dateTo : undefined,
      source: isSource(source) ? source : undefined,
    },
    values: { currency, dateFrom, dateTo, source: isSource(source) ? source : '' },
    set,
  };
}

function Filters({ filters }: { filters: ReturnType<typeof useFilters> }) {
  const { t } = useTranslation('exchange-rates');
  const [currency, setCurrency] = useState(filters.values.currency);
  const { set } = filters;
  useEffect(() => setCurrency(filters.values.currency), [filters.values.currency]);
  // The currency filter applies once three letters are typed (or it is cleared).
  useEffect(() => {
    const code = currency.trim().toUpperCase();
    if ((code.length === 3 || code.length === 0) && code !== filters.values.currency) set('currency', code);
  }, [currency, filters.values.currency, set]);
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <TextField size="small" label={t('filters.currency')} value={currency} onChange={(event) => setCurrency(event.target.value)} slotProps={{ htmlInput: { maxLength: 3 } }} sx={{ width: 110 }} />
      <FilterDateField label={t('filters.dateFrom')} value={filters.values.dateFrom} onChange={(day) => set('date_from', day)} />
      <FilterDateField label={t('filters.dateTo')} value={filters.values.dateTo} onChange={(day) => set('date_to', day)} />
      <FilterSelect
        label={t('filters.source')}
        value={filters.values.source}
        onChange={(value) => set('source', value)}
        allLabel={t('filters.allSources')}
        options={EXCHANGE_RATE_SOURCES.map((source) => ({ value: source, label: t(`sources.${source}`) }))}
        minWidth={140}
      />
    </Stack>
  );
}

function ExchangeRatesList({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('exchange-rates');
  const { t: tr } = useTranslation('routes');
  const { t: tc } = useTranslation('common');
  const formatRate = useRateFormat();
  // The list is ordered newest first by the server; only the page lives in the list state.
  const { state, update } = useListState<'date'>({ sort: 'date', page_size: 50 });
  const filters = useFilters();
  const list = useExchangeRates({ page: state.page, page_size: Math.min(state.page_size, 200), ...filters.query });
  const remove = useDeleteExchangeRate();
  const [editing, setEditing] = useState<ExchangeRateDto | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const deletion = useDeleteConfirmation<ExchangeRateDto, number>(remove, { variables: (row) => row.id, deletedMessage: t('manual.deleted') });
  const title = readOnly ? tr('delegationInfo.exchangeRate') : tr('settings.exchangeRate');

  const columns: DataColumn<ExchangeRateDto, 'date'>[] = [
    { key: 'date', label: t('columns.date'), render: (row) => row.date },
    { key: 'currency', label: t('columns.currency'), render: (row) => row.currency },
    {
      key: 'rate',
      label: t('columns.rate'),
      align: 'right',
      render: (row) => (
        <Tooltip title={row.rate}>
          <span>{formatRate(row.rate)}</span>
        </Tooltip>
      ),
    },
    { key: 'table_no', label: t('columns.tableNo'), render: (row) => row.table_no ?? '' },
    {
      key: 'source',
      label: t('columns.source'),
      render: (row) => <Chip size="small" variant={row.source === 'manual' ? 'filled' : 'outlined'} color={row.source === 'manual' ? 'secondary' : 'default'} label={t(`sources.${row.source}`)} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={title}
        description={readOnly ? t('infoDescription') : t('description')}
        actions={
          readOnly ? undefined : (
            <>
              <Button variant="outlined" startIcon={<CloudDownloadIcon />} onClick={() => setImporting(true)}>
                {t('import.open')}
              </Button>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
                {t('manual.add')}
              </Button>
            </>
          )
        }
      />
      <DataTable
        label={title}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        searchable={false}
        toolbar={<Filters filters={filters} />}
        actions={
          readOnly
            ? undefined
            : (row) =>
                row.source === 'manual' ? (
                  <>
                    <Tooltip title={t('manual.edit', { currency: row.currency, date: row.date })}>
                      <IconButton aria-label={t('manual.edit', { currency: row.currency, date: row.date })} onClick={() => setEditing(row)}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('manual.delete', { currency: row.currency, date: row.date })}>
                      <IconButton aria-label={t('manual.delete', { currency: row.currency, date: row.date })} onClick={() => deletion.ask(row)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </>
                ) : null
        }
      />
      {editing !== null && <ManualRateDialog rate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {importing && <NbpImportDialog onClose={() => setImporting(false)} />}
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('manual.deleteTitle')}
        message={t('manual.deleteMessage', { currency: deletion.target?.currency ?? '', date: deletion.target?.date ?? '' })}
        confirmLabel={tc('actions.delete')}
        destructive
      />
    </>
  );
}

/** `/settings/exchange-rate`: the company's exchange rates, manual entries and the NBP import. */
export function ExchangeRatesAdminPage() {
  return (
    <>
      <SettingsNavigation />
      <ExchangeRatesList readOnly={false} />
    </>
  );
}

/** `/delegation-info/exchange-rate`: the same list, read-only, for every employee. */
export function ExchangeRatesInfoPage() {
  return <ExchangeRatesList readOnly />;
}
