import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Controller, useFieldArray, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BodyOf, BookingListItem, InvoiceDetails, invoiceApi } from '@delego/contract';
import { VAT_RATES, type VatRate, formatMoneyText, formatWallTime } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { AmountField } from '../../components/inputs/amount-field.tsx';
import { CurrencyField } from '../../components/inputs/currency-field.tsx';
import { DateTimeField } from '../../components/inputs/date-time-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { fieldErrorText } from '../../lib/form-errors.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { useBookingList } from '../bookings/api/bookings.ts';
import { useSaveInvoice, useUploadInvoiceFile } from './api/invoices.ts';

type Body = BodyOf<typeof invoiceApi.save>;

/** A booking as the picker shows it. */
type PickedBooking = Pick<BookingListItem, 'id' | 'title' | 'traveller_name' | 'start_at' | 'amount_gross' | 'currency'>;

interface InvoiceFormValues {
  number: string;
  issue_date: string;
  sale_date: string;
  received_date: string;
  due_date: string;
  seller_name: string;
  seller_tax_id: string;
  seller_address: string;
  seller_country: string;
  currency: string;
  vat_lines: { rate: VatRate; net: string; vat: string }[];
  bookings: PickedBooking[];
}

const FIELDS = [
  'number',
  'issue_date',
  'sale_date',
  'received_date',
  'due_date',
  'seller_name',
  'seller_tax_id',
  'seller_address',
  'seller_country',
  'currency',
] as const satisfies readonly Path<InvoiceFormValues>[];

function valuesOf(invoice: InvoiceDetails | null, bookings: PickedBooking[]): InvoiceFormValues {
  if (!invoice)
    return {
      number: '',
      issue_date: '',
      sale_date: '',
      received_date: '',
      due_date: '',
      seller_name: '',
      seller_tax_id: '',
      seller_address: '',
      seller_country: 'PL',
      currency: bookings[0]?.currency ?? 'PLN',
      vat_lines: [{ rate: '23', net: '', vat: '' }],
      bookings,
    };
  return {
    number: invoice.number,
    issue_date: invoice.issue_date,
    sale_date: invoice.sale_date ?? '',
    received_date: invoice.received_date ?? '',
    due_date: invoice.due_date ?? '',
    seller_name: invoice.seller_name,
    seller_tax_id: invoice.seller_tax_id ?? '',
    seller_address: invoice.seller_address ?? '',
    seller_country: invoice.seller_country,
    currency: invoice.currency,
    vat_lines: invoice.vat_lines.map((line) => ({ rate: line.rate, net: line.net, vat: line.vat })),
    bookings: invoice.bookings,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function bodyOf(values: InvoiceFormValues, invoice: InvoiceDetails | null, fileToken: string | null): Body {
  return {
    ...(invoice ? { id: invoice.id } : {}),
    number: values.number,
    issue_date: values.issue_date,
    sale_date: orNull(values.sale_date),
    received_date: orNull(values.received_date),
    due_date: orNull(values.due_date),
    seller_name: values.seller_name,
    seller_tax_id: orNull(values.seller_tax_id),
    seller_address: orNull(values.seller_address),
    seller_country: values.seller_country.trim().toUpperCase(),
    currency: values.currency,
    vat_lines: values.vat_lines,
    booking_ids: values.bookings.map((booking) => booking.id),
    // Settlements the invoice already covers directly (a confirmed KSeF match) stay covered.
    delegation_ids: invoice ? invoice.delegations.filter((entry) => !invoice.bookings.some((booking) => booking.delegation_id === entry.id)).map((entry) => entry.id) : [],
    file_token: fileToken,
  };
}

/** Bookings still waiting for their invoice, searched by text, for the invoice to cover. */
function BookingPicker({ value, onChange }: { value: PickedBooking[]; onChange: (value: PickedBooking[]) => void }) {
  const { t, i18n } = useTranslation('invoices');
  const [search, setSearch] = useState('');
  const found = useBookingList({ page: 1, page_size: 20, sort: 'start_at', order: 'desc', invoice_missing: 'true', ...(search ? { search } : {}) });
  const label = (booking: PickedBooking) =>
    `${booking.title} · ${booking.traveller_name} · ${formatWallTime(booking.start_at, i18n.language)} · ${formatMoneyText(booking.amount_gross, booking.currency, i18n.language)}`;
  return (
    <Autocomplete
      multiple
      options={found.data?.items ?? []}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setSearch(text);
      }}
      filterOptions={(options) => options}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={label}
      loading={found.isFetching}
      noOptionsText={t('form.noBookings')}
      renderInput={(params) => <TextField {...params} label={t('form.bookings')} helperText={t('form.bookingsHelp')} />}
    />
  );
}

const NO_BOOKINGS: PickedBooking[] = [];

/**
 * Enters an invoice (`invoice` null) or corrects one: number, dates, seller with NIP, net and VAT
 * per rate, the bookings it covers and its PDF. An invoice for an attached booking releases the
 * settlement's acceptance (spec §8).
 */
export function InvoiceFormDialog({
  open,
  invoice,
  bookings = NO_BOOKINGS,
  onClose,
  onSaved,
}: {
  open: boolean;
  invoice: InvoiceDetails | null;
  /** Bookings the new invoice covers from the start (entered from a booking's details); a stable array. */
  bookings?: PickedBooking[];
  onClose: () => void;
  onSaved?: (invoice: InvoiceDetails) => void;
}) {
  const { t } = useTranslation('invoices');
  const save = useSaveInvoice();
  const upload = useUploadInvoiceFile();
  const [formError, setFormError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<InvoiceFormValues>({ defaultValues: valuesOf(invoice, bookings) });
  const lines = useFieldArray({ control: form.control, name: 'vat_lines' });

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(invoice, bookings));
      setFormError(null);
      setFile(null);
      setFileError(null);
    }
  }, [open, invoice, bookings, form]);

  const showIssues = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    let shown = false;
    for (const issue of error.issues) {
      const [head, index, field] = issue.path;
      const text = translateIssueCode(issue.code, issue.params);
      if (head === 'vat_lines' && typeof index === 'number' && (field === 'rate' || field === 'net' || field === 'vat')) {
        form.setError(`vat_lines.${index}.${field}`, { type: 'server', message: text });
        shown = true;
      } else if (head === 'vat_lines' || head === 'booking_ids') {
        form.setError(head === 'vat_lines' ? 'vat_lines.0.net' : 'bookings', { type: 'server', message: text });
        shown = true;
      } else if (head === 'file_token' || head === 'file') {
        setFileError(text);
        shown = true;
      } else {
        const name = FIELDS.find((field) => field === head);
        if (name) {
          form.setError(name, { type: 'server', message: text });
          shown = true;
        }
      }
    }
    return shown;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setFileError(null);
    let token: string | null = null;
    if (file) {
      try {
        token = (await upload.mutateAsync(file)).file_token;
      } catch (error) {
        setFileError(firstIssueText(error) ?? t('form.uploadFailed'));
        return;
      }
    }
    save.mutate(bodyOf(values, invoice, token), {
      onSuccess: (answer) => {
        enqueueSnackbar(t('form.saved'));
        onSaved?.(answer.invoice);
        onClose();
      },
      onError: (error) => {
        if (showIssues(error)) return;
        setFormError(firstIssueText(error) ?? (error instanceof ApiError && error.status !== 403 ? t('form.failed') : null));
      },
    });
  });

  const text = (name: (typeof FIELDS)[number], options: { size?: number; required?: boolean; maxLength?: number } = {}) => (
    <Grid size={{ xs: 12, sm: options.size ?? 6 }}>
      <Controller
        control={form.control}
        name={name}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            fullWidth
            required={options.required}
            label={t(`fields.${name}`)}
            error={Boolean(fieldState.error)}
            helperText={fieldErrorText(fieldState.error)}
            slotProps={{ htmlInput: { maxLength: options.maxLength ?? 200 } }}
          />
        )}
      />
    </Grid>
  );
  const day = (name: 'issue_date' | 'sale_date' | 'received_date' | 'due_date', required = false) => (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Controller
        control={form.control}
        name={name}
        render={({ field, fieldState }) => (
          <DateTimeField
            dateOnly
            required={required}
            label={t(`fields.${name}`)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldErrorText(fieldState.error)}
          />
        )}
      />
    </Grid>
  );

  return (
    <FormDialog
      open={open}
      title={invoice ? t('form.editTitle') : t('form.newTitle')}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      isPending={save.isPending || upload.isPending}
      formError={formError}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        {text('number', { required: true, maxLength: 60 })}
        {text('seller_name', { required: true })}
        {day('issue_date', true)}
        {day('sale_date')}
        {day('received_date')}
        {day('due_date')}
        {text('seller_tax_id', { size: 4, maxLength: 20 })}
        {text('seller_address', { size: 6, maxLength: 300 })}
        {text('seller_country', { size: 2, maxLength: 2 })}
        <Grid size={{ xs: 12, sm: 4 }}>
          <Controller
            control={form.control}
            name="currency"
            render={({ field, fieldState }) => (
              <CurrencyField
                label={t('fields.currency')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                required
                error={Boolean(fieldState.error)}
                helperText={fieldErrorText(fieldState.error)}
              />
            )}
          />
        </Grid>
      </Grid>
      <Typography variant="subtitle1" component="h3">
        {t('form.vatLines')}
      </Typography>
      {lines.fields.map((line, index) => (
        <Box key={line.id} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '120px 1fr 1fr auto' }, gap: 2, alignItems: 'start' }}>
          <Controller
            control={form.control}
            name={`vat_lines.${index}.rate`}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                label={t('fields.rate', { line: index + 1 })}
                error={Boolean(fieldState.error)}
                helperText={fieldErrorText(fieldState.error)}
              >
                {VAT_RATES.map((rate) => (
                  <MenuItem key={rate} value={rate}>
                    {t(`rate.${rate}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {(['net', 'vat'] as const).map((part) => (
            <Controller
              key={part}
              control={form.control}
              name={`vat_lines.${index}.${part}`}
              rules={{ required: 'validation.amount' }}
              render={({ field, fieldState }) => (
                <AmountField
                  label={t(`fields.${part}`, { line: index + 1 })}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldErrorText(fieldState.error)}
                />
              )}
            />
          ))}
          <IconButton aria-label={t('form.removeLine', { line: index + 1 })} disabled={lines.fields.length === 1} onClick={() => lines.remove(index)}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button startIcon={<AddIcon />} disabled={lines.fields.length >= VAT_RATES.length} onClick={() => lines.append({ rate: VAT_RATES.find((rate) => !form.getValues('vat_lines').some((line) => line.rate === rate)) ?? '23', net: '', vat: '' })}>
          {t('form.addLine')}
        </Button>
      </Box>
      <Controller
        control={form.control}
        name="bookings"
        render={({ field, fieldState }) => (
          <>
            <BookingPicker value={field.value} onChange={field.onChange} />
            {fieldState.error && (
              <Typography variant="caption" color="error">
                {fieldErrorText(fieldState.error)}
              </Typography>
            )}
          </>
        )}
      />
      <Box>
        <Button variant="outlined" component="label">
          {file ? file.name : invoice?.file_name ? t('form.replaceFile', { name: invoice.file_name }) : t('form.chooseFile')}
          <input
            hidden
            type="file"
            accept=".pdf,application/pdf"
            aria-label={t('form.chooseFile')}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
            }}
          />
        </Button>
        {fileError && (
          <Typography variant="caption" color="error" component="p" role="alert">
            {fileError}
          </Typography>
        )}
      </Box>
    </FormDialog>
  );
}
