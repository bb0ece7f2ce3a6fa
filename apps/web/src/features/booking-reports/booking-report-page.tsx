import { useState } from 'react';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useTranslation } from 'react-i18next';
import type { BookingReport, BookingReportQuery } from '@delego/contract';
import { BOOKING_KINDS, BOOKING_REPORT_DEFINITIONS, BOOKING_REPORT_DIMENSIONS, BOOKING_REPORT_MEASURES, BOOKING_STATUSES, CODED_DIMENSIONS, MONEY_MEASURES, bookingReportChart, customDefinition, measureOf, toLocalDate, type BookingKind, type BookingReportDimension, type BookingReportKind, type BookingReportMeasure, type BookingStatus, formatMoneyText } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { ListTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { ChartFigure } from '../../components/charts/chart-figure.tsx';
import { DateTimeField } from '../../components/inputs/date-time-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { downloadBookingReport, useBookingReport, useBookingReportOptions } from './api/booking-reports.ts';
import { reportScreen } from './report-guard.tsx';

interface Option {
  id: number;
  name: string;
}

interface Filters {
  date_from: string;
  date_to: string;
  cost_centres: Option[];
  organization_units: Option[];
  projects: Option[];
  service_types: BookingKind[];
  statuses: BookingStatus[];
  currency: string;
  dimensions: [BookingReportDimension, BookingReportDimension | ''];
  measures: BookingReportMeasure[];
}

/** The last twelve months up to today: the period a manager usually looks at. */
function lastTwelveMonths(): { date_from: string; date_to: string } {
  const today = toLocalDate(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 12, 1));
  return { date_from: start.toISOString().slice(0, 10), date_to: today };
}

function MultiSelect<T>({
  label,
  options,
  value,
  onChange,
  labelOf,
  same,
  allLabel,
}: {
  label: string;
  options: readonly T[];
  value: T[];
  onChange: (value: T[]) => void;
  labelOf: (option: T) => string;
  same?: (a: T, b: T) => boolean;
  allLabel: string;
}) {
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      getOptionLabel={labelOf}
      {...(same ? { isOptionEqualToValue: same } : {})}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={value.length === 0 ? allLabel : undefined} />
      )}
    />
  );
}

const sameOption = (a: Option, b: Option) => a.id === b.id;

/** Spec §2 `/booking/report/{kind}`: filters, a chart and its table of the company's bookings, exportable to XLSX. */
function BookingReportScreen() {
  const { t, i18n } = useTranslation(['bookingReports', 'routes']);
  const language = i18n.language;
  const kind = useLocation().pathname.split('/').pop() as BookingReportKind;
  const options = useBookingReportOptions();
  const [filters, setFilters] = useState<Filters>(() => ({
    ...lastTwelveMonths(),
    cost_centres: [],
    organization_units: [],
    projects: [],
    service_types: [],
    statuses: [],
    currency: 'PLN',
    dimensions: ['month', ''],
    measures: ['count', 'gross'],
  }));
  const set = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }));
  const dimensions = filters.dimensions.filter(
    (dimension): dimension is BookingReportDimension => dimension !== '',
  );
  const query: BookingReportQuery = {
    kind,
    date_from: filters.date_from,
    date_to: filters.date_to,
    cost_centre_ids: filters.cost_centres.map((option) => option.id),
    organization_unit_ids: filters.organization_units.map((option) => option.id),
    project_ids: filters.projects.map((option) => option.id),
    service_types: filters.service_types,
    statuses: filters.statuses,
    currency: filters.currency,
    dimensions: kind === 'custom' ? dimensions : [],
    measures: kind === 'custom' ? filters.measures : [],
  };
  const rangeValid = Boolean(filters.date_from && filters.date_to && filters.date_from <= filters.date_to);
  const customValid = kind !== 'custom' || (dimensions.length > 0 && filters.measures.length > 0);
  const report = useBookingReport(query, rangeValid && customValid);
  const title = t(`routes:booking.reports.${kind}`);
  const rangeError =
    filters.date_from && filters.date_to && !rangeValid
      ? translateIssueCode('validation.dateRange')
      : undefined;

  const exportFile = async () => {
    try {
      await downloadBookingReport(query);
    } catch {
      enqueueSnackbar(t('exportFailed'), { variant: 'error' });
    }
  };

  const failure =
    report.error instanceof ApiError && report.error.issues.length > 0
      ? report.error.issues.map((issue) => translateIssueCode(issue.code, issue.params)).join(' ')
      : report.isError
        ? t('loadError')
        : null;
  return (
    <>
      <PageHeader
        title={title}
        description={t(`descriptions.${kind}`)}
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownloadIcon />}
            disabled={!report.data}
            onClick={() => void exportFile()}
          >
            {t('export')}
          </Button>
        }
      />
      <Paper variant="outlined" component="section" aria-label={t('filters.title')} sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <DateTimeField
              dateOnly
              required
              label={t('filters.dateFrom')}
              value={filters.date_from}
              onChange={(day) => set({ date_from: day })}
            />
            <DateTimeField
              dateOnly
              required
              label={t('filters.dateTo')}
              value={filters.date_to}
              onChange={(day) => set({ date_to: day })}
              error={Boolean(rangeError)}
              helperText={rangeError}
            />
          </Box>
          <MultiSelect
            label={t('filters.costCentres')}
            options={options.data?.cost_centres ?? []}
            value={filters.cost_centres}
            onChange={(cost_centres) => set({ cost_centres })}
            labelOf={(option) => option.name}
            same={sameOption}
            allLabel={t('filters.all')}
          />
          <MultiSelect
            label={t('filters.organizationUnits')}
            options={options.data?.organization_units ?? []}
            value={filters.organization_units}
            onChange={(organization_units) => set({ organization_units })}
            labelOf={(option) => option.name}
            same={sameOption}
            allLabel={t('filters.all')}
          />
          <MultiSelect
            label={t('filters.projects')}
            options={options.data?.projects ?? []}
            value={filters.projects}
            onChange={(projects) => set({ projects })}
            labelOf={(option) => option.name}
            same={sameOption}
            allLabel={t('filters.all')}
          />
          <MultiSelect
            label={t('filters.serviceTypes')}
            options={BOOKING_KINDS}
            value={filters.service_types}
            onChange={(service_types) => set({ service_types })}
            labelOf={(value) => t(`codes.${value}`)}
            allLabel={t('filters.all')}
          />
          <MultiSelect
            label={t('filters.statuses')}
            options={BOOKING_STATUSES}
            value={filters.statuses}
            onChange={(statuses) => set({ statuses })}
            labelOf={(value) => t(`statuses.${value}`)}
            allLabel={t('filters.bookedAndTicketed')}
          />
          <TextField
            select
            label={t('filters.currency')}
            value={filters.currency}
            onChange={(event) => set({ currency: event.target.value })}
          >
            {(options.data?.currencies ?? ['PLN']).map((currency) => (
              <MenuItem key={currency} value={currency}>
                {currency}
              </MenuItem>
            ))}
          </TextField>
          {kind === 'custom' && (
            <>
              <TextField
                select
                required
                label={t('filters.firstDimension')}
                value={filters.dimensions[0]}
                onChange={(event) =>
                  set({
                    dimensions: [
                      event.target.value as BookingReportDimension,
                      filters.dimensions[1] === event.target.value ? '' : filters.dimensions[1],
                    ],
                  })
                }
              >
                {BOOKING_REPORT_DIMENSIONS.map((dimension) => (
                  <MenuItem key={dimension} value={dimension}>
                    {t(`dimensions.${dimension}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={t('filters.secondDimension')}
                value={filters.dimensions[1]}
                onChange={(event) =>
                  set({
                    dimensions: [filters.dimensions[0], event.target.value as BookingReportDimension | ''],
                  })
                }
              >
                <MenuItem value="">{t('filters.noSecondDimension')}</MenuItem>
                {BOOKING_REPORT_DIMENSIONS.filter((dimension) => dimension !== filters.dimensions[0]).map(
                  (dimension) => (
                    <MenuItem key={dimension} value={dimension}>
                      {t(`dimensions.${dimension}`)}
                    </MenuItem>
                  ),
                )}
              </TextField>
              <Autocomplete
                multiple
                options={BOOKING_REPORT_MEASURES}
                value={filters.measures}
                onChange={(_event, measures) => set({ measures })}
                getOptionLabel={(measure) => t(`measures.${measure}`)}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    required
                    label={t('filters.measures')}
                    error={filters.measures.length === 0}
                    helperText={
                      filters.measures.length === 0 ? translateIssueCode('global.error.required') : undefined
                    }
                  />
                )}
              />
            </>
          )}
        </Box>
      </Paper>
      {report.isFetching && <LinearProgress aria-label={t('loading')} sx={{ mb: 1 }} />}
      {failure && <Alert severity="error">{failure}</Alert>}
      {report.data && <ReportResult report={report.data} title={title} language={language} />}
    </>
  );
}

/** A row of the report's table: its grouping values, or none for the total. */
interface ResultRow {
  key: string;
  values: (string | null)[] | null;
  sums: BookingReport['total'];
}

function ReportResult({
  report,
  title,
  language,
}: {
  report: BookingReport;
  title: string;
  language: string;
}) {
  const { t } = useTranslation('bookingReports');
  const definition =
    report.kind === 'custom'
      ? customDefinition(report.dimensions, report.measures)
      : BOOKING_REPORT_DEFINITIONS[report.kind];
  const valueText = (dimension: BookingReportDimension | undefined, value: string | null): string => {
    if (value === null) return t('notGiven');
    if (dimension === 'month') {
      const [year, month] = value.split('-').map(Number) as [number, number];
      return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(year, month - 1, 1)),
      );
    }
    return dimension && CODED_DIMENSIONS.includes(dimension)
      ? t(`codes.${value}`, { defaultValue: value })
      : value;
  };
  const count = new Intl.NumberFormat(language);
  const measureText = (measure: BookingReportMeasure, value: string | number) =>
    MONEY_MEASURES.includes(measure)
      ? formatMoneyText(String(value), report.currency, language)
      : count.format(Number(value));
  const chart = bookingReportChart(
    report.rows.map((row) => ({ ...row })),
    definition.chartMeasure,
    report.dimensions.length,
  );
  const measureLabel = (measure: BookingReportMeasure) =>
    MONEY_MEASURES.includes(measure)
      ? `${t(`measures.${measure}`)} (${report.currency})`
      : t(`measures.${measure}`);
  if (report.rows.length === 0) return <Alert severity="info">{t('empty')}</Alert>;
  // The total is the table's last row, named in its first column.
  const rows: ResultRow[] = report.rows.map((row) => ({ key: row.values.join('\u0000'), values: row.values, sums: row }));
  const columns: DataColumn<ResultRow, never>[] = [
    ...report.dimensions.map((dimension, index) => ({
      key: dimension,
      label: t(`dimensions.${dimension}`),
      rowHeader: index === 0,
      render: (row: ResultRow) => (row.values ? valueText(dimension, row.values[index] ?? null) : index === 0 ? t('total') : ''),
    })),
    ...report.measures.map((measure) => ({
      key: measure,
      label: measureLabel(measure),
      align: 'right' as const,
      render: (row: ResultRow) => measureText(measure, measureOf(row.sums, measure)),
    })),
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <ChartFigure
        title={t('chartTitle', { title, measure: measureLabel(definition.chartMeasure) })}
        kind={definition.chart}
        categories={chart.categories.map((value) => valueText(report.dimensions[0], value))}
        series={chart.series.map((entry) => ({
          label:
            report.dimensions.length > 1
              ? valueText(report.dimensions[1], entry.value)
              : measureLabel(definition.chartMeasure),
          values: entry.values,
        }))}
        formatValue={(value) => measureText(definition.chartMeasure, value)}
      >
        <ListTable label={t('tableTitle', { title })} columns={columns} rows={rows} rowKey={(row) => row.key} summary={{ key: '', values: null, sums: report.total }} />
      </ChartFigure>
    </Paper>
  );
}

export const BookingReportPage = reportScreen(BookingReportScreen);
