import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { COUNTRY_CODES, createRateBook, isLocalDate, normaliseRegion, toLocalDate, validateDelegationRate } from '@delego/domain';
import type { DelegationRateDto } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { useDeleteConfirmation } from '../../components/feedback/use-delete-confirmation.ts';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { addDomainIssues } from '../../components/form/issue-texts.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { applyServerIssues, fieldErrorText } from '../../lib/form-errors.ts';
import { useCustomRates, useDeleteCustomRate, useRateGroupOptions, useSaveCustomRate } from './api/use-rates.ts';
import { useCountryName, useDecimalFormat, useValidityText } from './format.ts';
import { RatesNavigation } from './rates-tabs.tsx';
import { FormDateField } from '../../components/form/form-date-field.tsx';
import { ANY_DAY_LIMITS } from '../../components/inputs/date-time-field.tsx';

type Sort = 'country_code' | 'valid_from' | 'per_diem' | 'group_name';
const FIELDS = ['group_id', 'country_code', 'region', 'per_diem', 'currency', 'hotel_limit', 'valid_from', 'valid_to'] as const;
/** The statutory tables, to show the rate an override replaces. */
const STATUTORY = createRateBook();

const decimal = (text: string) => text.trim().replace(',', '.');

const rateFields = z.object({
  group_id: z.string(),
  country_code: z.string(),
  region: z.string(),
  per_diem: z.string(),
  currency: z.string(),
  hotel_limit: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
});
type RateValues = z.infer<typeof rateFields>;

/** The form's texts as the API and the domain rules take them. */
function toRateInput(values: RateValues) {
  return {
    group_id: values.group_id ? Number(values.group_id) : null,
    country_code: values.country_code,
    region: normaliseRegion(values.region),
    per_diem: decimal(values.per_diem),
    currency: values.currency.trim().toUpperCase(),
    hotel_limit: decimal(values.hotel_limit),
    valid_from: values.valid_from,
    valid_to: values.valid_to || null,
  };
}

const rateSchema = rateFields.superRefine((values, ctx) => {
  for (const field of ['country_code', 'per_diem', 'currency', 'hotel_limit', 'valid_from'] as const) {
    if (values[field].trim() === '') ctx.addIssue({ code: 'custom', path: [field], message: 'global.error.required' });
  }
  // An empty field already says it is required.
  const issues = validateDelegationRate(toRateInput(values)).filter((issue) => values[String(issue.path[0]) as keyof RateValues]?.trim() !== '');
  addDomainIssues(ctx, issues);
});

function CustomRateDialog({ rate, onClose }: { rate: DelegationRateDto | null; onClose: () => void }) {
  const { t } = useTranslation('rates');
  const countryName = useCountryName();
  const amount = useDecimalFormat();
  const groups = useRateGroupOptions();
  const save = useSaveCustomRate();
  const form = useForm<RateValues>({
    resolver: zodResolver(rateSchema),
    mode: 'onTouched',
    defaultValues: rate
      ? {
          group_id: rate.group_id === null ? '' : String(rate.group_id),
          country_code: rate.country_code,
          region: rate.region ?? '',
          per_diem: rate.per_diem,
          currency: rate.currency,
          hotel_limit: rate.hotel_limit,
          valid_from: rate.valid_from,
          valid_to: rate.valid_to ?? '',
        }
      : { group_id: '', country_code: '', region: '', per_diem: '', currency: '', hotel_limit: '', valid_from: toLocalDate(new Date()), valid_to: '' },
  });
  const [countryCode, region, validFrom] = useWatch({ control: form.control, name: ['country_code', 'region', 'valid_from'] });
  const countries = useMemo(
    () => COUNTRY_CODES.map((code) => ({ code, label: `${countryName(code)} (${code})` })).sort((a, b) => a.label.localeCompare(b.label)),
    [countryName],
  );
  const statutory = countryCode && isLocalDate(validFrom) ? STATUTORY.perDiemRate(countryCode, normaliseRegion(region), validFrom) : null;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { ...(rate ? { id: rate.id } : {}), ...toRateInput(values) },
      {
        onSuccess: () => {
          enqueueSnackbar(t('custom.saved'));
          onClose();
        },
        onError: (error) => applyServerIssues(error, form.setError, FIELDS),
      },
    ),
  );

  return (
    <FormDialog open title={rate ? t('custom.editTitle', { country: countryName(rate.country_code) }) : t('custom.addTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending}>
      <Controller
        control={form.control}
        name="group_id"
        render={({ field, fieldState }) => (
          <TextField select label={t('custom.group')} {...field} error={Boolean(fieldState.error)} helperText={fieldErrorText(fieldState.error)}>
            <MenuItem value="">{t('inForce.wholeCompany')}</MenuItem>
            {(groups.data?.items ?? []).map((group) => (
              <MenuItem key={group.id} value={String(group.id)}>
                {group.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={form.control}
        name="country_code"
        render={({ field, fieldState }) => (
          <Autocomplete
            options={countries}
            value={countries.find((country) => country.code === field.value) ?? null}
            getOptionLabel={(option) => option.label}
            isOptionEqualToValue={(option, value) => option.code === value.code}
            onChange={(_event, option) => {
              field.onChange(option?.code ?? '');
              // The statutory currency of the country is the usual choice.
              const book = option ? STATUTORY.perDiemRate(option.code, null, isLocalDate(validFrom) ? validFrom : toLocalDate(new Date())) : null;
              if (book && !form.getValues('currency')) form.setValue('currency', book.currency, { shouldValidate: true });
            }}
            onBlur={field.onBlur}
            renderInput={(params) => (
              <TextField {...params} inputRef={field.ref} label={t('custom.country')} required error={Boolean(fieldState.error)} helperText={fieldErrorText(fieldState.error)} />
            )}
          />
        )}
      />
      <FormTextField control={form.control} name="region" label={t('custom.region')} helperText={t('custom.regionHelp')} maxLength={64} />
      {statutory && (
        <Typography variant="body2" color="text.secondary">
          {t('custom.statutory', { perDiem: amount(statutory.per_diem), hotelLimit: amount(statutory.hotel_limit), currency: statutory.currency })}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={form.control} name="per_diem" label={t('custom.perDiem')} required maxLength={14} inputMode="decimal" />
        <FormTextField control={form.control} name="currency" label={t('custom.currency')} required maxLength={3} />
        <FormTextField control={form.control} name="hotel_limit" label={t('custom.hotelLimit')} required maxLength={14} inputMode="decimal" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormDateField control={form.control} name="valid_from" {...ANY_DAY_LIMITS} label={t('custom.validFrom')} required />
        <FormDateField control={form.control} name="valid_to" {...ANY_DAY_LIMITS} label={t('custom.validTo')} />
      </Stack>
    </FormDialog>
  );
}

/** `/settings/delegation-rate/custom`: the company's effective-dated per-diem overrides. */
export function CustomRatesPage() {
  const { t } = useTranslation('rates');
  const { t: tr } = useTranslation('routes');
  const { t: tc } = useTranslation('common');
  const countryName = useCountryName();
  const amount = useDecimalFormat();
  const validity = useValidityText();
  const { state, query, update } = useListState<Sort>({ sort: 'country_code' });
  const { params, setFilter } = useListFilters();
  const groupId = Number(params.get('group_id'));
  const groups = useRateGroupOptions();
  const list = useCustomRates({ ...query, group_id: Number.isInteger(groupId) && groupId > 0 ? groupId : undefined });
  const remove = useDeleteCustomRate();
  const [editing, setEditing] = useState<DelegationRateDto | 'new' | null>(null);
  const deletion = useDeleteConfirmation<DelegationRateDto, number>(remove, { variables: (row) => row.id, deletedMessage: t('custom.deleted') });

  const columns: DataColumn<DelegationRateDto, Sort>[] = [
    { key: 'country_code', label: t('columns.country'), sortKey: 'country_code', render: (row) => `${countryName(row.country_code)} (${row.country_code})` },
    { key: 'region', label: t('columns.region'), render: (row) => row.region ?? '' },
    { key: 'per_diem', label: t('columns.perDiem'), sortKey: 'per_diem', align: 'right', render: (row) => `${amount(row.per_diem)} ${row.currency}` },
    { key: 'hotel_limit', label: t('columns.hotelLimit'), align: 'right', render: (row) => `${amount(row.hotel_limit)} ${row.currency}` },
    { key: 'group', label: t('columns.group'), sortKey: 'group_name', render: (row) => row.group_name ?? t('inForce.wholeCompany') },
    { key: 'valid_from', label: t('columns.validity'), sortKey: 'valid_from', render: (row) => validity(row.valid_from, row.valid_to) },
  ];

  return (
    <>
      <RatesNavigation />
      <PageHeader
        title={tr('settings.delegationRateCustom')}
        description={t('custom.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('custom.add')}
          </Button>
        }
      />
      <DataTable
        label={tr('settings.delegationRateCustom')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <FilterSelect
            label={t('custom.filterGroup')}
            value={params.get('group_id') ?? ''}
            onChange={(value) => setFilter('group_id', value)}
            allLabel={t('custom.allGroups')}
            options={(groups.data?.items ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
            minWidth={200}
          />
        }
        actions={(row) => {
          const country = countryName(row.country_code);
          return (
            <>
              <Tooltip title={t('custom.edit', { country })}>
                <IconButton aria-label={t('custom.edit', { country })} onClick={() => setEditing(row)}>
                  <EditIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('custom.delete', { country })}>
                <IconButton aria-label={t('custom.delete', { country })} onClick={() => deletion.ask(row)}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </>
          );
        }}
      />
      {editing !== null && <CustomRateDialog rate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('custom.deleteTitle')}
        message={t('custom.deleteMessage', { country: deletion.target ? countryName(deletion.target.country_code) : '' })}
        confirmLabel={tc('actions.delete')}
        destructive
      />
    </>
  );
}
