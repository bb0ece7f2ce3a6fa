import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { useSnackbar } from 'notistack';
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
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListState } from '../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { applyServerIssues, fieldErrorText } from '../../lib/form-errors.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { useDeleteMileageRate, useMileageRates, useSaveMileageRate } from './api/use-rates.ts';
import { useDecimalFormat, useValidityText } from './format.ts';
import { RatesNavigation } from './rates-tabs.tsx';

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
    for (const issue of validateMileageRate({ ...values, rate, valid_to: values.valid_to || null })) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.params ? translateIssueCode(issue.code, issue.params) : issue.code });
    }
  });
type MileageValues = z.infer<typeof mileageSchema>;

function MileageRateDialog({ rate, onClose }: { rate: MileageRateDto | null; onClose: () => void }) {
  const { t } = useTranslation('rates');
  const { t: tc } = useTranslation('common');
  const { enqueueSnackbar } = useSnackbar();
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
    <Dialog open onClose={onClose} aria-labelledby="mileage-dialog-title" maxWidth="sm" fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="mileage-dialog-title">{rate ? t('mileage.editTitle', { kind: t(`vehicleKinds.${rate.vehicle_kind}`) }) : t('mileage.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
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
            <Controller
              control={form.control}
              name="rate"
              render={({ field, fieldState }) => (
                <TextField
                  label={t('mileage.rate')}
                  {...field}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldErrorText(fieldState.error) ?? (maximum ? t('mileage.maximum', { max: amount(maximum.max) }) : undefined)}
                  slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 10 } }}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {(['valid_from', 'valid_to'] as const).map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field, fieldState }) => (
                    <TextField
                      type="date"
                      label={t(name === 'valid_from' ? 'mileage.validFrom' : 'mileage.validTo')}
                      {...field}
                      onChange={(event) => {
                        field.onChange(event.target.value);
                        if (form.getFieldState('rate').isTouched) void form.trigger('rate');
                      }}
                      required={name === 'valid_from'}
                      error={Boolean(fieldState.error)}
                      helperText={fieldErrorText(fieldState.error)}
                      slotProps={{ inputLabel: { shrink: true } }}
                      fullWidth
                    />
                  )}
                />
              ))}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{tc('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {tc('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
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
  const { enqueueSnackbar } = useSnackbar();
  const amount = useDecimalFormat();
  const validity = useValidityText();
  const { state, query, update } = useListState<Sort>({ sort: 'valid_from', order: 'desc' });
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('vehicle_kind');
  const vehicleKind = isVehicleKind(kindParam) ? kindParam : undefined;
  const list = useMileageRates({ ...query, vehicle_kind: vehicleKind });
  const remove = useDeleteMileageRate();
  const [editing, setEditing] = useState<MileageRateDto | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<MileageRateDto | null>(null);

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
          <TextField
            select
            size="small"
            label={t('mileage.filterKind')}
            value={vehicleKind ?? ''}
            onChange={(event) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (event.target.value) next.set('vehicle_kind', event.target.value);
                  else next.delete('vehicle_kind');
                  next.delete('page');
                  return next;
                },
                { replace: true },
              )
            }
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="">{t('mileage.allKinds')}</MenuItem>
            {MILEAGE_VEHICLE_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {t(`vehicleKinds.${kind}`)}
              </MenuItem>
            ))}
          </TextField>
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
                <IconButton aria-label={t('mileage.delete', { kind: name })} onClick={() => setToDelete(row)}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </>
          );
        }}
      />
      {editing !== null && <MileageRateDialog rate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('mileage.deleteTitle')}
        message={t('mileage.deleteMessage', { kind: toDelete ? t(`vehicleKinds.${toDelete.vehicle_kind}`) : '' })}
        confirmLabel={tc('actions.delete')}
        destructive
        isPending={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => enqueueSnackbar(t('mileage.deleted')),
            onSettled: () => setToDelete(null),
          })
        }
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
