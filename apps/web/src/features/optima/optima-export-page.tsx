import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import SettingsIcon from '@mui/icons-material/Settings';
import { useTranslation } from 'react-i18next';
import type { OptimaDocument } from '@delego/contract';
import { formatDateTime, formatMoneyText, formatWallTime } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { ListTable, type DataColumn } from '../../components/data-table/data-table.tsx';
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
type ExportEntry = NonNullable<ReturnType<typeof useOptimaExports>['data']>['items'][number];

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
  const columns: DataColumn<OptimaDocument, never>[] = [
    {
      key: 'choose',
      label: t('columns.choose'),
      render: (item) => (
        <Checkbox
          size="small"
          sx={{ p: 0 }}
          checked={chosen.has(item.id)}
          disabled={item.blocker !== null}
          onChange={() => toggle(item.id)}
          slotProps={{ input: { 'aria-label': t('export.choose', { number: item.number }) } }}
        />
      ),
    },
    {
      key: 'number',
      label: t('columns.number'),
      render: (item) => (
        <Box sx={{ overflowWrap: 'anywhere' }}>
          <RouterLink to={type === 'invoice' ? `/invoices/details/${item.id}` : `/delegation/readonly/${item.id}`}>{item.number}</RouterLink>
          {item.blocker && (
            <Typography variant="caption" color="warning.main" component="div">
              {translateIssueCode(item.blocker, { name: item.party })}
            </Typography>
          )}
        </Box>
      ),
    },
    { key: 'date', label: t(`columns.date_${type}`), render: (item) => formatWallTime(item.date, i18n.language) },
    { key: 'party', label: t(`columns.party_${type}`), render: (item) => item.party },
    { key: 'amount', label: t('columns.amount'), align: 'right', render: (item) => formatMoneyText(item.amount, item.currency, i18n.language) },
    { key: 'category', label: t('columns.category'), secondary: true, render: (item) => item.category_code ?? '—' },
    { key: 'exported', label: t('columns.exported'), render: (item) => (item.exported_at ? formatDateTime(item.exported_at, i18n.language) : t('export.notYet')) },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {items.length > 0 && (
          <FormControlLabel
            label={t('export.chooseAll', { what: title })}
            control={
              <Checkbox
                checked={allChosen}
                indeterminate={!allChosen && choosable.some((item) => chosen.has(item.id))}
                disabled={choosable.length === 0}
                onChange={() => onChosen(allChosen ? new Set() : new Set(choosable.map((item) => item.id)))}
              />
            }
          />
        )}
      </Box>
      {documents.isError && <Alert severity="error">{t('export.loadError')}</Alert>}
      {documents.data && items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('export.none')}
        </Typography>
      )}
      {items.length > 0 && <ListTable label={title} columns={columns} rows={items} rowKey={(item) => item.id} rowLabel={(item) => item.number} />}
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
  const { params, setFilter } = useListFilters();
  const dateFrom = params.get('date_from') ?? '';
  const dateTo = params.get('date_to') ?? '';
  const costCentre = params.get('cost_centre_id') ?? '';
  const status = params.get('status');
  const exported = params.get('exported');
  const options = useFormOptions();
  const history = useOptimaExports();
  const historyColumns: DataColumn<ExportEntry, never>[] = [
    { key: 'when', label: t('history.when'), render: (entry) => formatDateTime(entry.created_at, i18n.language) },
    { key: 'file', label: t('history.file'), render: (entry) => <Box sx={{ overflowWrap: 'anywhere' }}>{entry.file_name}</Box> },
    { key: 'invoices', label: t('history.invoices'), align: 'right', render: (entry) => entry.invoice_count },
    { key: 'settlements', label: t('history.settlements'), align: 'right', render: (entry) => entry.delegation_count },
    { key: 'by', label: t('history.by'), render: (entry) => entry.created_by },
  ];
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
            <ListTable label={t('history.title')} columns={historyColumns} rows={history.data?.items ?? []} rowKey={(entry) => entry.id} />
          )}
        </Paper>
      </Stack>
      <OptimaSettingsDialog open={editingSettings} onClose={() => setEditingSettings(false)} />
    </>
  );
}

/** `/optima` (spec §2), for `reportDelegation`. */
export const OptimaExportPage = exportAreaScreen(ExportScreen);
