import { useId, useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { delegationFilesApi, type DelegationDocument } from '@delego/contract';
import { DECISION_ACTIONS, type DocumentAction, type TransportLine, formatDateTime, formatMoneyText, formatWallPeriod, formatWallTime } from '@delego/domain';
import { ListTable } from '../../components/data-table/data-table.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { CostCheckAlerts } from './components/cost-check-alerts.tsx';
import { MapsDistanceNote, type MapsDistance } from './components/maps-distance-note.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFormOptions, useSettlement } from './api/settlements.ts';
import { AttachmentList, AttachmentsProvider } from './components/attachments.tsx';
import { CalculationView } from './components/calculation-view.tsx';
import { DocumentActions } from './components/document-actions.tsx';
import { useFileDownload } from '../../components/feedback/use-file-download.tsx';
import { LIST_PATH } from './components/settlement-editor.tsx';
import { countryName } from './model/countries.ts';
import type { SettlementFormValues } from './model/form-values.ts';
import { fromDelegationForm } from './model/saved-form.ts';
import { StatusChip } from './components/status-chip.tsx';
import { DeciderName } from '../../components/feedback/decider-name.tsx';

type WorkflowAction = Exclude<DocumentAction, 'edit'>;
const DECISIONS: readonly WorkflowAction[] = ['accept', 'settle', 'returnForCorrection', 'reject', 'stepBack'];


/** A segment's amount: the ticket as entered, or for a private vehicle the mileage the engine computed. */
function segmentAmount(segment: { amount_in_currency: string; currency: string }, line: TransportLine | undefined, language: string): string {
  if (segment.amount_in_currency) return formatMoneyText(segment.amount_in_currency, segment.currency || 'PLN', language);
  return line?.kind === 'mileage' ? formatMoneyText(line.amount, line.currency, language) : '';
}

/**
 * The maps distance saved with each segment and its source. A settlement saved before the source was
 * kept (or without the company's distance check) has none to show.
 */
function savedMapsDistances(form: DelegationDocument['form']): (MapsDistance | null)[] {
  return (form.transport ?? []).map((segment) => {
    const km = segment.google_maps_api_distance;
    const source = segment.google_maps_api_distance_source;
    return km && source ? { km, source } : null;
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children || '—'}
      </Typography>
    </Grid>
  );
}

/** The whole settlement as saved: its data, the calculation with explanations, files and decisions. */
function SettlementView({ document, values }: { document: DelegationDocument; values: SettlementFormValues }) {
  const { t, i18n } = useTranslation('settlements');
  const { t: tf } = useTranslation('settlement-form');
  const form = useForm<SettlementFormValues>({ defaultValues: values });
  const options = useFormOptions();
  const language = i18n.language;
  const savedMaps = savedMapsDistances(document.form);
  return (
    <Stack spacing={2}>
      <Section title={t('view.status')}>
        <Grid container spacing={2}>
          <Fact label={t('view.status')}>
            <StatusChip status={document.status} stage={document.stage} waitingForBudget={document.waiting_for_budget} budgetApprovers={document.budget_approvers} />
          </Fact>
          {document.waiting_for_budget && <Fact label={t('view.budgetApprovers')}>{document.budget_approvers.join(', ')}</Fact>}
          <Fact label={t('view.employee')}>{document.employee_name}</Fact>
          <Fact label={t('view.period')}>
            {formatWallPeriod(values.start_date ?? '', values.end_date ?? '', i18n.language)}
          </Fact>
          <Fact label={t('view.destination')}>{values.destinationText}</Fact>
          <Fact label={t('view.purpose')}>{values.task}</Fact>
          <Fact label={t('view.order')}>{document.delegation_order_number}</Fact>
          <Fact label={t('details.costCentre')}>{options.data?.cost_centres.find((centre) => String(centre.id) === values.meta?.cost_centre_id)?.ordinate}</Fact>
          <Fact label={t('details.project')}>{options.data?.projects.find((project) => String(project.id) === values.meta?.project_id)?.name}</Fact>
          <Fact label={t('view.settlementDate')}>{document.calculated ? formatWallTime(document.calculated.settlement_date, i18n.language) : null}</Fact>
        </Grid>
      </Section>

      <Section title={t('view.transport')}>
        <ListTable
          label={t('view.transport')}
          rows={values.transport.map((segment, index) => ({ segment, index }))}
          rowKey={({ index }) => index}
          rowLabel={({ segment, index }) => (segment.from_place_text && segment.to_place_text ? `${segment.from_place_text} – ${segment.to_place_text}` : String(index + 1))}
          columns={[
            { key: 'transportType', label: tf('route.transportType'), render: ({ segment }) => (segment.transport_type ? tf(`options.transportType.${segment.transport_type}`) : '') },
            { key: 'from', label: tf('route.from'), render: ({ segment }) => segment.from_place_text },
            { key: 'to', label: tf('route.to'), render: ({ segment }) => segment.to_place_text },
            { key: 'startDate', label: tf('route.startDate'), render: ({ segment }) => (segment.start_date ? formatWallTime(segment.start_date, i18n.language) : '') },
            { key: 'endDate', label: tf('route.endDate'), secondary: true, render: ({ segment }) => (segment.end_date ? formatWallTime(segment.end_date, i18n.language) : '') },
            {
              key: 'settlementType',
              label: tf('route.settlementType'),
              secondary: true,
              render: ({ segment }) => (segment.settlement_type_id ? tf(`options.transportSettlement.${segment.settlement_type_id}`) : ''),
            },
            {
              key: 'distance',
              label: tf('route.distance'),
              align: 'right',
              render: ({ segment, index }) => (
                <>
                  {segment.distance}
                  {savedMaps[index] && <MapsDistanceNote index={index} distance={savedMaps[index]} />}
                </>
              ),
            },
            { key: 'amount', label: tf('route.amount'), align: 'right', render: ({ segment, index }) => segmentAmount(segment, document.calculated?.transport[index], language) },
          ]}
        />
      </Section>

      <Section title={t('view.countries')}>
        <Stack spacing={0.5}>
          {values.country.map((part, index) => (
            <Typography key={index} variant="body2">
              {t('view.part', { country: countryName(part.country_code, language) || part.country_code, from: part.in_date ? formatWallTime(part.in_date, i18n.language) : '', to: part.out_date ? formatWallTime(part.out_date, i18n.language) : '' })}
              {part.accommodation.length > 0 && ` · ${tf('stay.accommodation.heading')}: ${part.accommodation.length}`}
            </Typography>
          ))}
        </Stack>
      </Section>

      <Section title={t('view.calculation')}>
        {document.calculated ? (
          <FormProvider {...form}>
            <CalculationView calculated={document.calculated} />
          </FormProvider>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('view.noCalculation')}
          </Typography>
        )}
      </Section>

      <Section title={t('view.attachments')}>
        <AttachmentList attachments={document.attachments} />
      </Section>

      <Section title={t('view.decisions')}>
        {document.decisions.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('view.noDecisions')}
          </Typography>
        ) : (
          <ListTable
            label={t('view.decisions')}
            rows={document.decisions.map((decision, index) => ({ decision, index }))}
            rowKey={({ index }) => index}
            rowLabel={({ decision }) => formatDateTime(decision.created_at, language)}
            columns={[
              { key: 'when', label: t('view.decisionColumns.when'), render: ({ decision }) => formatDateTime(decision.created_at, language) },
              { key: 'action', label: t('view.decisionColumns.action'), render: ({ decision }) => t(`history.${decision.action}`, { defaultValue: decision.action }) },
              { key: 'who', label: t('view.decisionColumns.who'), render: ({ decision }) => <DeciderName decision={decision} /> },
              { key: 'comment', label: t('view.decisionColumns.comment'), render: ({ decision }) => <Box sx={{ overflowWrap: 'anywhere' }}>{decision.comment}</Box> },
            ]}
          />
        )}
      </Section>
    </Stack>
  );
}

/** Loads a settlement and shows it with the actions of the screen. */
function SettlementScreen({ mode }: { mode: 'readonly' | 'decision' }) {
  const { t } = useTranslation('settlements');
  const { t: tr } = useTranslation('routes');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const loaded = useSettlement(id);
  const options = useFormOptions();
  const files = useFileDownload();
  const document = loaded.data?.delegation;
  const values = useMemo(() => (document ? fromDelegationForm(document.form) : null), [document]);
  if (loaded.isPending) return <PageSpinner />;
  if (loaded.isError || !document || !values) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{t(notFound ? 'editor.notFound' : 'editor.loadError')}</Alert>
        <Box>
          <Button component={RouterLink} to={LIST_PATH}>
            {t('editor.backToList')}
          </Button>
        </Box>
      </Stack>
    );
  }
  const title = document.number ? t('view.numbered', { number: document.number }) : t('view.unnumbered');
  const decisions = DECISIONS.filter((action) => document.allowedActions.includes(action));
  const onDone = (action: WorkflowAction) => {
    // A decision is done with the document: the decider goes on with the list.
    if (action === 'delete' || mode === 'decision' || DECISION_ACTIONS.includes(action)) void navigate(LIST_PATH);
  };
  return (
    <AttachmentsProvider saved={document.attachments} maxMb={options.data?.settings.attachment_max_mb ?? 3} pdfOnly={options.data?.settings.pdf_attachment_only ?? false}>
      <PageHeader
        title={mode === 'decision' ? tr('delegation.decision') : title}
        description={mode === 'decision' ? `${title} – ${document.employee_name}. ${t('decision.description')}` : document.employee_name}
        actions={
          <>
            {document.allowedActions.includes('edit') && (
              <Button startIcon={<EditIcon />} component={RouterLink} to={`${LIST_PATH}/edit/${document.id}`}>
                {t('actions.edit')}
              </Button>
            )}
            <Button startIcon={<PictureAsPdfIcon />} loading={files.isDownloading} onClick={() => void files.download(delegationFilesApi.pdf.path, { id: document.id })}>
              {t('actions.pdf')}
            </Button>
            <Button startIcon={<FolderZipIcon />} onClick={() => void files.download(delegationFilesApi.allAttachments.path, { id: document.id })}>
              {t('actions.downloadAll')}
            </Button>
          </>
        }
      />
      <Stack spacing={2}>
        <CostCheckAlerts id={document.id} />
        {mode === 'decision' ? (
          decisions.length > 0 ? (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Stack spacing={1.5}>
                {document.allowedActions.includes('settle') && <Typography variant="body2">{t('decision.financialHint')}</Typography>}
                <DocumentActions settlement={document} only={decisions} onDone={onDone} />
              </Stack>
            </Paper>
          ) : (
            <Alert severity="info">{t('decision.nothingToDecide')}</Alert>
          )
        ) : (
          <DocumentActions settlement={document} onDone={onDone} />
        )}
        <SettlementView document={document} values={values} />
      </Stack>
      {files.dialog}
    </AttachmentsProvider>
  );
}

/** `/delegation/readonly/{id}`: the settlement as saved, with the actions the server allows. */
export function SettlementReadonlyPage() {
  return <SettlementScreen mode="readonly" />;
}

/** `/delegation/decision/{id}`: the settlement read-only with the decisions the server allows (financial acceptors settle). */
export function SettlementDecisionPage() {
  return <SettlementScreen mode="decision" />;
}
