import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ReceiptIcon from '@mui/icons-material/Receipt';
import { useTranslation } from 'react-i18next';
import type { BookingDetails } from '@delego/contract';
import { tabOfKind, formatMoneyText, formatWallTime } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { InvoiceFormDialog } from '../invoices/invoice-form-dialog.tsx';
import { useCanSeeInvoices } from '../invoices/invoice-parts.tsx';
import { useBooking, useDeleteBooking } from './api/bookings.ts';
import { BookingFormDialog } from './booking-form-dialog.tsx';
import { DetailField } from '../../components/detail-field.tsx';

/** Which fields each tab's details show, in the order of the spec's booking templates (§3). */
const DETAIL_FIELDS: Record<'flight' | 'hotel' | 'rail' | 'other', (keyof BookingDetails)[]> = {
  flight: [
    'carrier',
    'flight_number',
    'start_place',
    'end_place',
    'start_at',
    'end_at',
    'seat_class',
    'baggage',
    'is_return_route',
    'ticket_number',
  ],
  hotel: [
    'name',
    'hotel_class',
    'address',
    'end_place',
    'country_code',
    'start_at',
    'end_at',
    'rooms',
    'persons_per_room',
    'room_type',
    'additional_services',
    'cancel_until',
    'price_per_day',
  ],
  rail: [
    'carrier',
    'start_place',
    'end_place',
    'start_at',
    'end_at',
    'seat_class',
    'is_return_route',
    'ticket_number',
  ],
  other: ['name', 'car_class', 'start_place', 'end_place', 'start_at', 'end_at', 'price_per_day'],
};

/** `/booking/flight/detail/{id}` and `/booking/other/detail/{id}`: every field of the booking, its invoices and settlement. */
export function BookingDetailsPage() {
  const { t, i18n } = useTranslation('bookings');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const loaded = useBooking(id);
  const remove = useDeleteBooking();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [invoicing, setInvoicing] = useState(false);
  const canEnterInvoice = useCanSeeInvoices();
  const booking = loaded.data?.booking;
  const invoiceCovers = useMemo(() => (booking ? [booking] : []), [booking]);
  if (loaded.isPending) return <PageSpinner />;
  if (!booking) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{t(notFound ? 'details.notFound' : 'details.loadError')}</Alert>
        <Box>
          <Button component={RouterLink} to="/booking">
            {t('details.back')}
          </Button>
        </Box>
      </Stack>
    );
  }
  const value = (key: keyof BookingDetails): ReactNode => {
    const raw = booking[key];
    if (raw === null || raw === '' || raw === undefined) return '—';
    if (typeof raw === 'boolean') return raw ? t('yes') : t('no');
    if (key === 'seat_class') return t(`seatClass.${String(raw)}`);
    if (key === 'room_type') return t(`roomType.${String(raw)}`);
    if (key === 'price_per_day') return formatMoneyText(String(raw), booking.currency, i18n.language);
    return String(raw);
  };
  const tab = tabOfKind(booking.kind);
  return (
    <>
      <PageHeader
        title={`${t(`kind.${booking.kind}`)}: ${booking.title}`}
        description={`${booking.traveller_name} · ${formatWallTime(booking.start_at, i18n.language)}`}
        actions={
          <>
            <Button component={RouterLink} to={`/booking/${tab}`}>
              {t('details.back')}
            </Button>
            {booking.invoice_missing && canEnterInvoice && (
              <Button startIcon={<ReceiptIcon />} onClick={() => setInvoicing(true)}>
                {t('details.enterInvoice')}
              </Button>
            )}
            {booking.can_edit && (
              <>
                <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                  {t('actions.edit')}
                </Button>
                <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
                  {t('actions.delete')}
                </Button>
              </>
            )}
          </>
        }
      />
      {refusal && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
            <Chip label={t(`status.${booking.status}`)} />
            <Chip label={t(`source.${booking.source}`)} variant="outlined" />
            {booking.invoice_missing && <Chip color="warning" label={t('invoiceMissing')} />}
            {booking.user_id === null && <Chip color="warning" label={t('unmapped')} />}
          </Stack>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
              gap: 2,
              m: 0,
            }}
          >
            <DetailField label={t('fields.user_id')}>
              {booking.traveller_name}
              {booking.traveller_email ? ` (${booking.traveller_email})` : ''}
            </DetailField>
            {DETAIL_FIELDS[tab].map((key) => (
              <DetailField key={key} label={t(`fields.${key}`)}>
                {value(key)}
              </DetailField>
            ))}
            <DetailField label={t('fields.record_locator')}>{value('record_locator')}</DetailField>
            <DetailField label={t('fields.amount_net')}>
              {booking.amount_net ? formatMoneyText(booking.amount_net, booking.currency, i18n.language) : '—'}
            </DetailField>
            <DetailField label={t('fields.vat_amount')}>
              {booking.vat_amount ? formatMoneyText(booking.vat_amount, booking.currency, i18n.language) : '—'}
            </DetailField>
            <DetailField label={t('fields.amount_gross')}>
              {formatMoneyText(booking.amount_gross, booking.currency, i18n.language)}
            </DetailField>
            <DetailField label={t('fields.paid_by')}>{t(`paidBy.${booking.paid_by}`)}</DetailField>
            <DetailField label={t('fields.cost_centre_id')}>{booking.cost_centre_name ?? '—'}</DetailField>
            <DetailField label={t('fields.project_id')}>{booking.project_name ?? '—'}</DetailField>
            <DetailField label={t('details.bookedBy')}>{booking.booked_by_name ?? '—'}</DetailField>
            <DetailField label={t('columns.settlement')}>
              {booking.delegation_id ? (
                <RouterLink to={`/delegation/readonly/${booking.delegation_id}`}>
                  {booking.delegation_number ?? t('settlementWithoutNumber')}
                </RouterLink>
              ) : (
                '—'
              )}
            </DetailField>
          </Box>
          {booking.comment && (
            <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
              {booking.comment}
            </Typography>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('details.invoices')}
          </Typography>
          {booking.invoices.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {booking.invoice_missing ? t('details.invoiceAwaited') : t('details.noInvoiceNeeded')}
            </Typography>
          ) : (
            <Stack spacing={1}>
              {booking.invoices.map((invoice) => (
                <Box key={invoice.id}>
                  <RouterLink to={`/invoices/details/${invoice.id}`}>{invoice.number}</RouterLink> ·{' '}
                  {formatWallTime(invoice.issue_date, i18n.language)} · {invoice.seller_name} ·{' '}
                  {formatMoneyText(invoice.gross_total, invoice.currency, i18n.language)}
                </Box>
              ))}
            </Stack>
          )}
        </Paper>
      </Stack>
      <BookingFormDialog open={editing} booking={booking} onClose={() => setEditing(false)} />
      <InvoiceFormDialog open={invoicing} invoice={null} bookings={invoiceCovers} onClose={() => setInvoicing(false)} />
      <ConfirmDialog
        open={deleting}
        title={t('details.deleteTitle')}
        message={t('details.deleteBody')}
        confirmLabel={t('actions.delete')}
        destructive
        isPending={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(booking.id, {
            onSuccess: () => {
              enqueueSnackbar(t('details.deleted'));
              void navigate(`/booking/${tab}`);
            },
            onError: (error) => {
              setDeleting(false);
              setRefusal(firstIssueText(error) ?? t('form.failed'));
            },
          })
        }
      />
    </>
  );
}
