import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import SettingsIcon from '@mui/icons-material/Settings';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { OptimaDocument } from '@delego/contract';
import { formatDateTime, formatMoneyText, formatWallTime } from '@delego/domain';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';
import { useListFilters } from '../../components/data-table/use-list-state.ts';
import { FilterDateField } from '../../components/inputs/filter-date-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { DownloadError } from '../../lib/download-file.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { useFormOptions } from '../settlements/api/settlements.ts';
import { useOptimaDocuments, useOptimaExport, useOptimaExports, type OptimaDocumentsQuery } from './api/optima.ts';
import { exportAreaScreen } from './export-area-guard.tsx';
import { OptimaSettingsDialog } from './optima-settings-dialog.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
type DocumentType = OptimaDocument['type'];

/** One kind of document of the period, each with its checkbox; a document with a blocker cannot be chosen. */
function DocumentTable({
  type,
  query,
  chosen,
  onChosen,
}: {
  type: DocumentType;
  query: Omit<OptimaDocumentsQuery, 'type'>;
  chosen: ReadonlySet<number>;
  onChosen: (ids: Set<number>) => void;
}) {
  const { t, i18n } = useTranslation('optima');
  const documents = useOptimaDocuments({ ...query, type });
  const items = documents.data?.items ?? [];
  const choosable = items.filter((item) => item.blocker === null);
  const title = t(`export.${type}s`);
  const allChosen = choosable.length > 0 && choosable.every((item) => chosen.has(item.id));
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChosen(next);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {documents.isError && <Alert severity="error">{t('export.loadError')}</Alert>}
      {documents.data && items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('export.none')}
        </Typography>
      )}
      {items.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allChosen}
                    indeterminate={!allChosen && choosable.some((item) => chosen.has(item.id))}
                    disabled={choosable.length === 0}
                    onChange={() => onChosen(allChosen ? new Set() : new Set(choosable.map((item) => item.id)))}
                    slotProps={{ input: { 'aria-label': t('export.chooseAll', { what: title }) } }}
                  />
                </TableCell>
                <TableCell>{t('columns.number')}</TableCell>
                <TableCell>{t(`columns.date_${type}`)}</TableCell>
                <TableCell>{t(`columns.party_${type}`)}</TableCell>
                <TableCell align="right">{t('columns.amount')}</TableCell>
                <TableCell>{t('columns.category')}</TableCell>
                <TableCell>{t('columns.exported')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={chosen.has(item.id)}
                      disabled={item.blocker !== null}
                      onChange={() => toggle(item.id)}
                      slotProps={{ input: { 'aria-label': t('export.choose', { number: item.number }) } }}
                    />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <RouterLink to={type === 'invoice' ? `/invoices/details/${item.id}` : `/delegation/readonly/${item.id}`}>{item.number}</RouterLink>
                    {item.blocker && (
                      <Typography variant="caption" color="warning.main" component="div">
                        {translateIssueCode(item.blocker, { name: item.party })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWallTime(item.date, i18n.language)}</TableCell>
                  <TableCell>{item.party}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoneyText(item.amount, item.currency, i18n.language)}
                  </TableCell>
                  <TableCell>{item.category_code ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.exported_at ? formatDateTime(item.exported_at, i18n.language) : t('export.notYet')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

/**
 * The accounting export (spec §2, §7 `optima/export-invoices`): invoices and settlements of a
 * period, cost centre and status, when each was exported, and the chosen ones downloaded as Comarch
 * Optima's offline XML; a repeated export carries the same source ids, so Optima skips what it has.
 */
function ExportScreen() {
  const { t, i18n } = useTranslation('optima');
  const { t: tr } = useTranslation('routes');
  const { enqueueSnackbar } = useSnackbar();
  const { params, setFilter } = useListFilters();
  const dateFrom = params.get('date_from') ?? '';
  const dateTo = params.get('date_to') ?? '';
  const costCentre = params.get('cost_centre_id') ?? '';
  const status = params.get('status');
  const exported = params.get('exported');
  const options = useFormOptions();
  const history = useOptimaExports();
  const exporter = useOptimaExport();
  const [invoiceIds, setInvoiceIds] = useState<Set<number>>(new Set());
  const [delegationIds, setDelegationIds] = useState<Set<number>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [editingSettings, setEditingSettings] = useState(false);
  const query: Omit<OptimaDocumentsQuery, 'type'> = {
    ...(DAY.test(dateFrom) ? { date_from: dateFrom } : {}),
    ...(DAY.test(dateTo) ? { date_to: dateTo } : {}),
    ...(/^\d+$/.test(costCentre) ? { cost_centre_id: Number(costCentre) } : {}),
    ...(status === 'accepted' || status === 'settled' ? { status } : {}),
    ...(exported === 'true' || exported === 'false' ? { exported } : {}),
  };
  const changeFilter = (name: string, value: string) => {
    setInvoiceIds(new Set());
    setDelegationIds(new Set());
    setFilter(name, value);
  };
  const count = invoiceIds.size + delegationIds.size;

  return (
    <>
      <PageHeader
        title={tr('accountingExport.index')}
        description={t('export.description')}
        actions={
          <>
            <Button component={RouterLink} to="/optima/settings/category">
              {t('settings.categories')}
            </Button>
            <Button component={RouterLink} to="/optima/settings/contractor">
              {t('settings.contractors')}
            </Button>
            <Button component={RouterLink} to="/optima/settings/employee">
              {t('settings.employees')}
            </Button>
            <Button startIcon={<SettingsIcon />} onClick={() => setEditingSettings(true)}>
              {t('settings.edit')}
            </Button>
          </>
        }
      />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <FilterDateField label={t('filters.dateFrom')} value={DAY.test(dateFrom) ? dateFrom : ''} onChange={(day) => changeFilter('date_from', day)} />
          <FilterDateField label={t('filters.dateTo')} value={DAY.test(dateTo) ? dateTo : ''} onChange={(day) => changeFilter('date_to', day)} />
          <FilterSelect
            label={t('filters.costCentre')}
            value={costCentre}
            onChange={(value) => changeFilter('cost_centre_id', value)}
            allLabel={t('filters.anyCostCentre')}
            options={(options.data?.cost_centres ?? []).map((centre) => ({ value: String(centre.id), label: `${centre.ordinate} ${centre.name}` }))}
            minWidth={200}
          />
          <FilterSelect
            label={t('filters.status')}
            value={status === 'accepted' || status === 'settled' ? status : ''}
            onChange={(value) => changeFilter('status', value)}
            allLabel={t('filters.anyStatus')}
            options={[
              { value: 'accepted', label: t('filters.accepted') },
              { value: 'settled', label: t('filters.settled') },
            ]}
            minWidth={180}
          />
          <FilterSelect
            label={t('filters.exported')}
            value={exported === 'true' || exported === 'false' ? exported : ''}
            onChange={(value) => changeFilter('exported', value)}
            allLabel={t('filters.anyExported')}
            options={[
              { value: 'false', label: t('filters.notExported') },
              { value: 'true', label: t('filters.alreadyExported') },
            ]}
            minWidth={180}
          />
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            disabled={count === 0}
            loading={exporter.isPending}
            onClick={() => {
              setFailure(null);
              exporter.mutate(
                { invoiceIds: [...invoiceIds], delegationIds: [...delegationIds] },
                {
                  onSuccess: (fileName) => {
                    enqueueSnackbar(t('export.done', { file: fileName }));
                    setInvoiceIds(new Set());
                    setDelegationIds(new Set());
                  },
                  onError: (error) => setFailure(t('export.failed', { status: error instanceof DownloadError ? error.status : 0 })),
                },
              );
            }}
          >
            {t('export.button', { count })}
          </Button>
        </Paper>
        {failure && (
          <Alert severity="error" onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <DocumentTable type="invoice" query={query} chosen={invoiceIds} onChosen={setInvoiceIds} />
        <DocumentTable type="delegation" query={query} chosen={delegationIds} onChosen={setDelegationIds} />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('history.title')}
          </Typography>
          {history.data?.items.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('history.none')}
            </Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('history.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('history.when')}</TableCell>
                    <TableCell>{t('history.file')}</TableCell>
                    <TableCell align="right">{t('history.invoices')}</TableCell>
                    <TableCell align="right">{t('history.settlements')}</TableCell>
                    <TableCell>{t('history.by')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(history.data?.items ?? []).map((entry) => (
                    <TableRow key={entry.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at, i18n.language)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.file_name}</TableCell>
                      <TableCell align="right">{entry.invoice_count}</TableCell>
                      <TableCell align="right">{entry.delegation_count}</TableCell>
                      <TableCell>{entry.created_by}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Paper>
      </Stack>
      <OptimaSettingsDialog open={editingSettings} onClose={() => setEditingSettings(false)} />
    </>
  );
}

/** `/optima` (spec §2), for `reportDelegation`. */
export const OptimaExportPage = exportAreaScreen(ExportScreen);
