import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REPORT_DATE_TYPES, REPORT_FORMATS, REPORT_TYPES, SETTLEMENT_STATUSES, toLocalDate, type ReportDateType, type ReportFormat, type ReportType, type SettlementStatus } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { DateTimeField } from '../../components/inputs/date-time-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { useCreateReport, useReportFormOptions } from './api/reports.ts';

interface Option {
  id: number;
  name: string;
}

interface Draft {
  report_type: ReportType;
  date_type: ReportDateType;
  date_from: string;
  date_to: string;
  cost_centres: Option[];
  organization_units: Option[];
  projects: Option[];
  users: Option[];
  statuses: SettlementStatus[];
  file_format: ReportFormat;
}

/** The first and last day of the current month, the range most reports are asked for. */
function thisMonth(): { date_from: string; date_to: string } {
  const today = toLocalDate(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { date_from: `${today.slice(0, 7)}-01`, date_to: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

function MultiSelect({ label, options, value, onChange }: { label: string; options: readonly Option[]; value: Option[]; onChange: (value: Option[]) => void }) {
  const { t } = useTranslation('reports');
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderInput={(params) => <TextField {...params} label={label} placeholder={value.length === 0 ? t('form.all') : undefined} />}
    />
  );
}

/** Spec §2 `/report/new`: a report's type, date type and range, filters and format; the job generates it. */
export function ReportNewPage() {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const options = useReportFormOptions();
  const create = useCreateReport();
  const [draft, setDraft] = useState<Draft>(() => ({
    report_type: 'summaryReport',
    date_type: 'settle',
    ...thisMonth(),
    cost_centres: [],
    organization_units: [],
    projects: [],
    users: [],
    statuses: [],
    file_format: 'xlsx',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const ids = (chosen: Option[]) => chosen.map((option) => option.id);

  const submit = async () => {
    setErrors({});
    setFailure(null);
    const missing: Record<string, string> = {};
    if (!draft.date_from) missing.date_from = translateIssueCode('global.error.required');
    if (!draft.date_to) missing.date_to = translateIssueCode('global.error.required');
    if (Object.keys(missing).length > 0) return setErrors(missing);
    try {
      const { report } = await create.mutateAsync({
        report_type: draft.report_type,
        date_type: draft.date_type,
        date_from: draft.date_from,
        date_to: draft.date_to,
        cost_centre_ids: ids(draft.cost_centres),
        organization_unit_ids: ids(draft.organization_units),
        project_ids: ids(draft.projects),
        user_ids: ids(draft.users),
        statuses: draft.statuses,
        file_format: draft.file_format,
      });
      enqueueSnackbar(t('form.queued', { name: report.file_name }), { variant: 'info' });
      void navigate('/report');
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        const found: Record<string, string> = {};
        for (const issue of error.issues) found[String(issue.path[0])] = translateIssueCode(issue.code, issue.params);
        setErrors(found);
      } else {
        setFailure(t('form.failed'));
      }
    }
  };

  const lists = options.data;
  return (
    <>
      <PageHeader title={t('form.title')} description={t('form.description')} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        >
          <TextField select label={t('form.type')} value={draft.report_type} onChange={(event) => set({ report_type: event.target.value as ReportType })}>
            {REPORT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={t('form.format')} value={draft.file_format} onChange={(event) => set({ file_format: event.target.value as ReportFormat })}>
            {REPORT_FORMATS.map((format) => (
              <MenuItem key={format} value={format}>
                {t(`formats.${format}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('form.dateType')}
            value={draft.date_type}
            onChange={(event) => set({ date_type: event.target.value as ReportDateType })}
            helperText={draft.report_type === 'invoiceExchangeDateRange' ? t('form.tableDateHint') : undefined}
          >
            {REPORT_DATE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`dateTypes.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <DateTimeField dateOnly required label={t('form.dateFrom')} value={draft.date_from} onChange={(day) => set({ date_from: day })} error={Boolean(errors.date_from)} helperText={errors.date_from} />
            <DateTimeField dateOnly required label={t('form.dateTo')} value={draft.date_to} onChange={(day) => set({ date_to: day })} error={Boolean(errors.date_to)} helperText={errors.date_to} />
          </Box>
          <MultiSelect label={t('form.costCentres')} options={lists?.cost_centres ?? []} value={draft.cost_centres} onChange={(cost_centres) => set({ cost_centres })} />
          <MultiSelect label={t('form.organizationUnits')} options={lists?.organization_units ?? []} value={draft.organization_units} onChange={(organization_units) => set({ organization_units })} />
          <MultiSelect label={t('form.projects')} options={lists?.projects ?? []} value={draft.projects} onChange={(projects) => set({ projects })} />
          <MultiSelect label={t('form.employees')} options={lists?.users ?? []} value={draft.users} onChange={(users) => set({ users })} />
          <Autocomplete
            multiple
            options={SETTLEMENT_STATUSES}
            value={draft.statuses}
            onChange={(_event, statuses) => set({ statuses })}
            getOptionLabel={(status) => t(`statuses.${status}`)}
            renderInput={(params) => <TextField {...params} label={t('form.statuses')} placeholder={draft.statuses.length === 0 ? t('form.all') : undefined} />}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => void navigate('/report')}>{t('form.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              {t('form.generate')}
            </Button>
          </Box>
        </Box>
      </Paper>
    </>
  );
}
