import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { invoiceApi } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { ListTable } from '../../components/data-table/data-table.tsx';
import { tabOfKind, type BookingKind, formatDateTime, formatMoneyText, formatWallTime } from '@delego/domain';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { useFileDownload } from '../../components/feedback/use-file-download.tsx';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { NoPermissionPage } from '../errors/no-permission-page.tsx';
import { useDeleteInvoice, useInvoice } from './api/invoices.ts';
import { InvoiceFormDialog } from './invoice-form-dialog.tsx';
import { InvoiceMatchPanel } from './invoice-match-panel.tsx';
import { MatchStatusChip, useCanSeeInvoices } from './invoice-parts.tsx';
import { DetailField } from '../../components/detail-field.tsx';

const bookingPath = (booking: { id: number; kind: string }) =>
  tabOfKind(booking.kind as BookingKind) === 'flight' ? `/booking/flight/detail/${booking.id}` : `/booking/other/detail/${booking.id}`;

/** `/invoices/details/{id}`: seller, dates, net/VAT/gross per rate, what the invoice covers, its file and KSeF match. */
export function InvoiceDetailsPage() {
  const { t, i18n } = useTranslation('invoices');
  const language = i18n.language;
  const navigate = useNavigate();
  const allowed = useCanSeeInvoices();
  const id = Number(useParams().id);
  const loaded = useInvoice(id, allowed);
  const remove = useDeleteInvoice();
  const { download, isDownloading, dialog } = useFileDownload();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!allowed) return <NoPermissionPage />;
  if (loaded.isPending) return <PageSpinner />;
  const invoice = loaded.data?.invoice;
  if (!invoice) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{t(notFound ? 'details.notFound' : 'details.loadError')}</Alert>
        <Box>
          <Button component={RouterLink} to="/invoices">
            {t('details.back')}
          </Button>
        </Box>
      </Stack>
    );
  }
  const money = (amount: string) => formatMoneyText(amount, invoice.currency, language);
  const day = (value: string | null) => (value ? formatWallTime(value, language) : '—');

  return (
    <>
      <PageHeader
        title={t('details.title', { number: invoice.number })}
        description={`${invoice.seller_name} · ${day(invoice.issue_date)} · ${money(invoice.gross_total)}`}
        actions={
          <>
            <Button component={RouterLink} to="/invoices">
              {t('details.back')}
            </Button>
            {invoice.has_file && (
              <Button startIcon={<DownloadIcon />} loading={isDownloading} onClick={() => void download(invoiceApi.download.path, { id: invoice.id })}>
                {invoice.source === 'ksef' ? t('actions.downloadXml') : t('actions.downloadPdf')}
              </Button>
            )}
            {invoice.can_edit && invoice.source !== 'ksef' && (
              <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                {t('actions.edit')}
              </Button>
            )}
            {invoice.can_edit && !invoice.exported_at && (
              <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
                {t('actions.delete')}
              </Button>
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
          <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
            <Chip label={t(`source.${invoice.source}`)} variant="outlined" />
            {invoice.source === 'ksef' && <MatchStatusChip status={invoice.match_status} />}
            {invoice.exported_at && (
              <Chip color="success" label={t('details.exportedAt', { at: formatDateTime(invoice.exported_at, language) })} />
            )}
          </Stack>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}
          >
            <DetailField label={t('fields.seller_name')}>{invoice.seller_name}</DetailField>
            <DetailField label={t('fields.seller_tax_id')}>{invoice.seller_tax_id ?? '—'}</DetailField>
            <DetailField label={t('fields.seller_address')}>{invoice.seller_address ?? '—'}</DetailField>
            <DetailField label={t('fields.seller_country')}>{invoice.seller_country}</DetailField>
            <DetailField label={t('fields.buyer')}>
              {[invoice.buyer_name, invoice.buyer_tax_id && t('nip', { nip: invoice.buyer_tax_id })].filter(Boolean).join(' · ') || '—'}
            </DetailField>
            <DetailField label={t('fields.issue_date')}>{day(invoice.issue_date)}</DetailField>
            <DetailField label={t('fields.sale_date')}>{day(invoice.sale_date)}</DetailField>
            <DetailField label={t('fields.received_date')}>{day(invoice.received_date)}</DetailField>
            <DetailField label={t('fields.due_date')}>{day(invoice.due_date)}</DetailField>
            <DetailField label={t('fields.currency')}>{invoice.currency}</DetailField>
            {invoice.ksef_number && <DetailField label={t('fields.ksef_number')}>{invoice.ksef_number}</DetailField>}
            {invoice.other_parties.length > 0 && <DetailField label={t('fields.other_parties')}>{invoice.other_parties.join(', ')}</DetailField>}
            <DetailField label={t('fields.file')}>{invoice.file_name ?? t('details.noFile')}</DetailField>
          </Box>
          {invoice.line_names.length > 0 && (
            <Typography variant="body2" sx={{ mt: 2 }}>
              {t('details.lines')}: {invoice.line_names.join('; ')}
            </Typography>
          )}
        </Paper>

        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('details.amounts')}
          </Typography>
          <ListTable
            label={t('details.amounts')}
            rows={invoice.vat_lines.map((line) => ({ name: t(`rate.${line.rate}`), net: line.net, vat: line.vat, gross: line.gross }))}
            summary={{ name: t('details.total'), net: invoice.net_total, vat: invoice.vat_total, gross: invoice.gross_total }}
            rowKey={(line) => line.name}
            columns={[
              { key: 'rate', label: t('columns.rate'), rowHeader: true, render: (line) => line.name },
              { key: 'net', label: t('columns.net'), align: 'right', render: (line) => money(line.net) },
              { key: 'vat', label: t('columns.vat'), align: 'right', render: (line) => money(line.vat) },
              { key: 'gross', label: t('columns.gross'), align: 'right', render: (line) => money(line.gross) },
            ]}
          />
        </Paper>

        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('details.covers')}
          </Typography>
          {invoice.bookings.length === 0 && invoice.delegations.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('details.coversNothing')}
            </Typography>
          )}
          {invoice.bookings.length > 0 && (
            <ListTable
              label={t('details.bookings')}
              rows={invoice.bookings}
              rowKey={(booking) => booking.id}
              rowLabel={(booking) => booking.title}
              columns={[
                { key: 'booking', label: t('columns.booking'), render: (booking) => <RouterLink to={bookingPath(booking)}>{booking.title}</RouterLink> },
                { key: 'traveller', label: t('columns.traveller'), render: (booking) => booking.traveller_name },
                { key: 'start', label: t('columns.start'), render: (booking) => formatWallTime(booking.start_at, language) },
                { key: 'gross', label: t('columns.gross'), align: 'right', render: (booking) => formatMoneyText(booking.amount_gross, booking.currency, language) },
                {
                  key: 'settlement',
                  label: t('columns.settlement'),
                  render: (booking) =>
                    booking.delegation_id ? <RouterLink to={`/delegation/readonly/${booking.delegation_id}`}>{booking.delegation_number ?? t('withoutNumber')}</RouterLink> : '—',
                },
              ]}
            />
          )}
          {invoice.delegations.length > 0 && (
            <Box component="ul" aria-label={t('details.settlements')} sx={{ mt: 2, mb: 0, pl: 3 }}>
              {invoice.delegations.map((delegation) => (
                <li key={delegation.id}>
                  <RouterLink to={`/delegation/readonly/${delegation.id}`}>
                    {t('details.settlement', { number: delegation.number ?? t('withoutNumber'), employee: delegation.employee_name })}
                  </RouterLink>
                </li>
              ))}
            </Box>
          )}
        </Paper>

        {invoice.source === 'ksef' && <InvoiceMatchPanel invoice={invoice} />}
      </Stack>
      {dialog}
      <InvoiceFormDialog open={editing} invoice={invoice} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={deleting}
        title={t('details.deleteTitle')}
        message={t('details.deleteBody', { number: invoice.number })}
        confirmLabel={t('actions.delete')}
        destructive
        isPending={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(invoice.id, {
            onSuccess: () => {
              enqueueSnackbar(t('details.deleted'));
              void navigate('/invoices');
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
