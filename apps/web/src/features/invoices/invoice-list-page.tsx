import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { invoiceApi, type InvoiceListItem, type InvoiceListSort } from '@delego/contract';
import { INVOICE_MATCH_STATUSES, INVOICE_SOURCES, type InvoiceMatchStatus, type InvoiceSource, formatMoneyText, formatWallTime } from '@delego/domain';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';
import { useListFilters, useListState } from '../../components/data-table/use-list-state.ts';
import { useFileDownload } from '../../components/feedback/use-file-download.tsx';
import { FilterDateField } from '../../components/inputs/filter-date-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { NoPermissionPage } from '../errors/no-permission-page.tsx';
import { useInvoiceList } from './api/invoices.ts';
import { InvoiceCovers, MatchStatusChip, useCanSeeInvoices } from './invoice-parts.tsx';
import { InvoiceFormDialog } from './invoice-form-dialog.tsx';
import { KsefImportDialog } from './ksef-import-dialog.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isSource = (value: string | null): value is InvoiceSource => (INVOICE_SOURCES as readonly (string | null)[]).includes(value);
const isMatchStatus = (value: string | null): value is InvoiceMatchStatus =>
  (INVOICE_MATCH_STATUSES as readonly (string | null)[]).includes(value);

/** `/invoices` (spec §2, §7 `invoice/list`): invoices of bookings and services, entered, imported or received from KSeF. */
export function InvoiceListPage() {
  const { t, i18n } = useTranslation('invoices');
  const { t: tr } = useTranslation('routes');
  const allowed = useCanSeeInvoices();
  const { state, query, update } = useListState<InvoiceListSort>({ sort: 'issue_date', order: 'desc' });
  const { params, setFilter } = useListFilters();
  const source = params.get('source');
  const matchStatus = params.get('match_status');
  const exported = params.get('exported');
  const dateFrom = params.get('date_from') ?? '';
  const dateTo = params.get('date_to') ?? '';
  const list = useInvoiceList({
    ...query,
    ...(isSource(source) ? { source } : {}),
    ...(isMatchStatus(matchStatus) ? { match_status: matchStatus } : {}),
    ...(exported === 'true' || exported === 'false' ? { exported } : {}),
    ...(DAY.test(dateFrom) ? { date_from: dateFrom } : {}),
    ...(DAY.test(dateTo) ? { date_to: dateTo } : {}),
  }, allowed);
  const { download, dialog } = useFileDownload();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  if (!allowed) return <NoPermissionPage />;

  const columns: DataColumn<InvoiceListItem, InvoiceListSort>[] = [
    {
      key: 'number',
      label: t('columns.number'),
      sortKey: 'number',
      render: (row) => (
        <Box sx={{ overflowWrap: 'anywhere' }}>
          <RouterLink to={`/invoices/details/${row.id}`}>{row.number}</RouterLink>
        </Box>
      ),
    },
    {
      key: 'issue_date',
      label: t('columns.issueDate'),
      sortKey: 'issue_date',
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatWallTime(row.issue_date, i18n.language)}
        </Box>
      ),
    },
    {
      key: 'seller',
      label: t('columns.seller'),
      sortKey: 'seller_name',
      render: (row) => (
        <>
          {row.seller_name}
          {row.seller_tax_id && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('nip', { nip: row.seller_tax_id })}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'gross_total',
      label: t('columns.gross'),
      sortKey: 'gross_total',
      align: 'right',
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatMoneyText(row.gross_total, row.currency, i18n.language)}
        </Box>
      ),
    },
    { key: 'covers', label: t('columns.covers'), render: (row) => <InvoiceCovers invoice={row} /> },
    {
      key: 'status',
      label: t('columns.status'),
      render: (row) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" label={t(`source.${row.source}`)} />
          {row.source === 'ksef' && <MatchStatusChip status={row.match_status} />}
          {row.exported_at && <Chip size="small" color="success" label={t('exported')} />}
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={tr('invoices.list')}
        description={t('list.description')}
        actions={
          <>
            <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
              {t('list.ksefImport')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {t('list.add')}
            </Button>
          </>
        }
      />
      <DataTable
        label={tr('invoices.list')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <>
            <FilterSelect
              label={t('filters.source')}
              value={isSource(source) ? source : ''}
              onChange={(value) => setFilter('source', value)}
              allLabel={t('filters.anySource')}
              options={INVOICE_SOURCES.map((value) => ({ value, label: t(`source.${value}`) }))}
              minWidth={170}
            />
            <FilterSelect
              label={t('filters.matchStatus')}
              value={isMatchStatus(matchStatus) ? matchStatus : ''}
              onChange={(value) => setFilter('match_status', value)}
              allLabel={t('filters.anyMatchStatus')}
              options={INVOICE_MATCH_STATUSES.map((value) => ({ value, label: t(`matchStatus.${value}`) }))}
              minWidth={190}
            />
            <FilterSelect
              label={t('filters.exported')}
              value={exported === 'true' || exported === 'false' ? exported : ''}
              onChange={(value) => setFilter('exported', value)}
              allLabel={t('filters.anyExported')}
              options={[
                { value: 'true', label: t('filters.exportedYes') },
                { value: 'false', label: t('filters.exportedNo') },
              ]}
              minWidth={170}
            />
            <FilterDateField
              label={t('filters.dateFrom')}
              value={DAY.test(dateFrom) ? dateFrom : ''}
              onChange={(day) => setFilter('date_from', day)}
            />
            <FilterDateField
              label={t('filters.dateTo')}
              value={DAY.test(dateTo) ? dateTo : ''}
              onChange={(day) => setFilter('date_to', day)}
            />
          </>
        }
        actions={(row) => (
          <Box sx={{ display: 'flex' }}>
            <Tooltip title={t('actions.view')}>
              <IconButton
                aria-label={`${t('actions.view')}: ${row.number}`}
                component={RouterLink}
                to={`/invoices/details/${row.id}`}
              >
                <VisibilityIcon />
              </IconButton>
            </Tooltip>
            {row.has_file && (
              <Tooltip title={t('actions.download')}>
                <IconButton
                  aria-label={`${t('actions.download')}: ${row.number}`}
                  onClick={() => void download(invoiceApi.download.path, { id: row.id })}
                >
                  <DownloadIcon />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        )}
      />
      {dialog}
      <InvoiceFormDialog open={adding} invoice={null} onClose={() => setAdding(false)} />
      <KsefImportDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
