import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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
import {
  MILEAGE_MAXIMA,
  MILEAGE_VEHICLE_KINDS,
  isLocalDate,
  lowestMileageMaximum,
  toLocalDate,
  validateMileageRate,
  type MileageVehicleKind,
} from '@delego/domain';
import type { MileageRateDto } from '@delego/contract';
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
import { useDeleteMileageRate, useMileageRates, useSaveMileageRate } from './api/use-rates.ts';
import { useDecimalFormat, useValidityText } from './format.ts';
import { RatesNavigation } from './rates-tabs.tsx';
import { ANY_DAY_LIMITS, DateTimeField } from '../../components/inputs/date-time-field.tsx';

type Sort = 'valid_from' | 'vehicle_kind' | 'rate';
const FIELDS = ['vehicle_kind', 'rate', 'valid_from', 'valid_to'] as const;

/** The same rules as the server's, the statutory maximum included, so a rate above it never leaves the form. */
const mileageSchema = z
  .object({ vehicle_kind: z.enum(MILEAGE_VEHICLE_KINDS), rate: z.string(), valid_from: z.string(), valid_to: z.string() })
  .superRefine((values, ctx) => {
    const rate = values.rate.trim().replace(',', '.');
    if (rate === '') ctx.addIssue({ code: 'custom', path: ['rate'], message: 'global.error.required' });
    if (values.valid_from === '') ctx.addIssue({ code: 'custom', path: ['valid_from'], message: 'global.error.required' });
    if (rate === '' || values.valid_from === '') return;
    addDomainIssues(ctx, validateMileageRate({ ...values, rate, valid_to: values.valid_to || null }));
  });
type MileageValues = z.infer<typeof mileageSchema>;

function MileageRateDialog({ rate, onClose }: { rate: MileageRateDto | null; onClose: () => void }) {
  const { t } = useTranslation('rates');
  const save = useSaveMileageRate();
  const amount = useDecimalFormat();
  const form = useForm<MileageValues>({
    resolver: zodResolver(mileageSchema),
    mode: 'onTouched',
    defaultValues: rate
      ? { vehicle_kind: rate.vehicle_kind, rate: rate.rate, valid_from: rate.valid_from, valid_to: rate.valid_to ?? '' }
      : { vehicle_kind: 'carOver900', rate: '', valid_from: toLocalDate(new Date()), valid_to: '' },
  });
  const [kind, validFrom, validTo] = useWatch({ control: form.control, name: ['vehicle_kind', 'valid_from', 'valid_to'] });
  const maximum =
    isLocalDate(validFrom) && (validTo === '' || (isLocalDate(validTo) && validTo >= validFrom))
      ? lowestMileageMaximum(kind, { valid_from: validFrom, valid_to: validTo || null })
      : null;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { ...(rate ? { id: rate.id } : {}), vehicle_kind: values.vehicle_kind, rate: values.rate.trim().replace(',', '.'), valid_from: values.valid_from, valid_to: values.valid_to || null },
      {
        onSuccess: () => {
          enqueueSnackbar(t('mileage.saved'));
          onClose();
        },
        onError: (error) => applyServerIssues(error, form.setError, FIELDS),
      },
    ),
  );

  return (
    <FormDialog open title={rate ? t('mileage.editTitle', { kind: t(`vehicleKinds.${rate.vehicle_kind}`) }) : t('mileage.addTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending}>
      <Controller
        control={form.control}
        name="vehicle_kind"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t('mileage.vehicleKind')}
            {...field}
            onChange={(event) => {
              field.onChange(event.target.value as MileageVehicleKind);
              if (form.getFieldState('rate').isTouched) void form.trigger('rate');
            }}
            error={Boolean(fieldState.error)}
            helperText={fieldErrorText(fieldState.error)}
          >
            {MILEAGE_VEHICLE_KINDS.map((vehicleKind) => (
              <MenuItem key={vehicleKind} value={vehicleKind}>
                {t(`vehicleKinds.${vehicleKind}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        control={form.control}
        name="rate"
        label={t('mileage.rate')}
        required
        helperText={maximum ? t('mileage.maximum', { max: amount(maximum.max) }) : undefined}
        inputMode="decimal"
        maxLength={10}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['valid_from', 'valid_to'] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <DateTimeField
                dateOnly
                {...ANY_DAY_LIMITS}
                label={t(name === 'valid_from' ? 'mileage.validFrom' : 'mileage.validTo')}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                inputRef={field.ref}
                onChange={(day) => {
                  field.onChange(day);
                  if (form.getFieldState('rate').isTouched) void form.trigger('rate');
                }}
                required={name === 'valid_from'}
                error={Boolean(fieldState.error)}
                helperText={fieldErrorText(fieldState.error)}
              />
            )}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}

/** The statutory maxima for reference, newest first. */
function StatutoryMaxima() {
  const { t } = useTranslation('rates');
  const amount = useDecimalFormat();
  const rows = [...MILEAGE_MAXIMA].sort((a, b) => b.valid_from.localeCompare(a.valid_from));
  return (
    <Paper variant="outlined" component="section" aria-label={t('mileage.statutoryTitle')} sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t('mileage.statutoryTitle')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('mileage.statutoryTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.validity')}</TableCell>
              {MILEAGE_VEHICLE_KINDS.map((kind) => (
                <TableCell key={kind} align="right">
                  {t(`vehicleKinds.${kind}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.valid_from}>
                <TableCell>{t('mileage.statutoryBasis', { from: row.valid_from, basis: row.legal_basis })}</TableCell>
                {MILEAGE_VEHICLE_KINDS.map((kind) => (
                  <TableCell key={kind} align="right">
                    {t('mileage.perKm', { rate: amount(row.rates[kind]) })}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

function isVehicleKind(value: string | null): value is MileageVehicleKind {
  return (MILEAGE_VEHICLE_KINDS as readonly (string | null)[]).includes(value);
}

/** `/settings/delegation-rate/mileage`: the company's mileage rates, never above the statutory maxima. */
export function MileageRatesPage() {
  const { t } = useTranslation('rates');
  const { t: tr } = useTranslation('routes');
  const { t: tc } = useTranslation('common');
  const amount = useDecimalFormat();
  const validity = useValidityText();
  const { state, query, update } = useListState<Sort>({ sort: 'valid_from', order: 'desc' });
  const { params, setFilter } = useListFilters();
  const kindParam = params.get('vehicle_kind');
  const vehicleKind = isVehicleKind(kindParam) ? kindParam : undefined;
  const list = useMileageRates({ ...query, vehicle_kind: vehicleKind });
  const remove = useDeleteMileageRate();
  const [editing, setEditing] = useState<MileageRateDto | 'new' | null>(null);
  const deletion = useDeleteConfirmation<MileageRateDto, number>(remove, { variables: (row) => row.id, deletedMessage: t('mileage.deleted') });

  const columns: DataColumn<MileageRateDto, Sort>[] = [
    { key: 'vehicle_kind', label: t('columns.vehicleKind'), sortKey: 'vehicle_kind', render: (row) => t(`vehicleKinds.${row.vehicle_kind}`) },
    { key: 'rate', label: t('columns.rate'), sortKey: 'rate', align: 'right', render: (row) => t('mileage.perKm', { rate: amount(row.rate) }) },
    {
      key: 'max',
      label: t('columns.statutoryMax'),
      align: 'right',
      render: (row) => {
        const maximum = lowestMileageMaximum(row.vehicle_kind, row);
        return maximum ? t('mileage.perKm', { rate: amount(maximum.max) }) : '';
      },
    },
    { key: 'valid_from', label: t('columns.validity'), sortKey: 'valid_from', render: (row) => validity(row.valid_from, row.valid_to) },
  ];

  return (
    <>
      <RatesNavigation />
      <PageHeader
        title={tr('settings.delegationRateMileage')}
        description={t('mileage.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('mileage.add')}
          </Button>
        }
      />
      <StatutoryMaxima />
      <DataTable
        label={tr('settings.delegationRateMileage')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        searchable={false}
        toolbar={
          <FilterSelect
            label={t('mileage.filterKind')}
            value={vehicleKind ?? ''}
            onChange={(value) => setFilter('vehicle_kind', value)}
            allLabel={t('mileage.allKinds')}
            options={MILEAGE_VEHICLE_KINDS.map((kind) => ({ value: kind, label: t(`vehicleKinds.${kind}`) }))}
            minWidth={260}
          />
        }
        actions={(row) => {
          const name = t(`vehicleKinds.${row.vehicle_kind}`);
          return (
            <>
              <Tooltip title={t('mileage.edit', { kind: name })}>
                <IconButton aria-label={t('mileage.edit', { kind: name })} onClick={() => setEditing(row)}>
                  <EditIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('mileage.delete', { kind: name })}>
                <IconButton aria-label={t('mileage.delete', { kind: name })} onClick={() => deletion.ask(row)}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </>
          );
        }}
      />
      {editing !== null && <MileageRateDialog rate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('mileage.deleteTitle')}
        message={t('mileage.deleteMessage', { kind: deletion.target ? t(`vehicleKinds.${deletion.target.vehicle_kind}`) : '' })}
        confirmLabel={tc('actions.delete')}
        destructive
      />
    </>
  );
}
