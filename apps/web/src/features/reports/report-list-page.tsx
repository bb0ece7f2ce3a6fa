import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { reportApi, type Report } from '@delego/contract';
import { formatDateTime } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListState } from '../../components/data-table/use-list-state.ts';
import { useFileDownload } from '../../components/feedback/use-file-download.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import { userHasModule } from '../../lib/user-context.ts';
import { useReports } from './api/reports.ts';

/** Tells the user when a report they saw being generated is ready (or failed), whichever screen of the list they look at. */
function useReadyNotice(items: readonly Report[] | undefined) {
  const { t } = useTranslation('reports');
  const seen = useRef(new Map<number, Report['status']>());
  useEffect(() => {
    for (const item of items ?? []) {
      const before = seen.current.get(item.id);
      if ((before === 'queued' || before === 'running') && item.status === 'ready') enqueueSnackbar(t('list.ready', { name: item.file_name }), { variant: 'success' });
      if ((before === 'queued' || before === 'running') && item.status === 'failed') enqueueSnackbar(t('list.failedNotice', { name: item.file_name }), { variant: 'error' });
      seen.current.set(item.id, item.status);
    }
  }, [items, t]);
}

function ReportState({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  if (report.status === 'failed') return <Typography color="error">{t(`errors.${report.error ?? 'report.generationFailed'}`)}</Typography>;
  if (report.status === 'ready') return <Typography>{t('status.ready')}</Typography>;
  return (
    <Box sx={{ minWidth: 120 }}>
      <LinearProgress variant="determinate" value={report.progress} aria-label={t('list.progress', { name: report.file_name })} />
      <Typography variant="caption">{t(`status.${report.status}`)} {report.progress} %</Typography>
    </Box>
  );
}

/** Spec §2 `/report`: the company's generated reports, their progress, downloaded again at will. */
export function ReportListPage() {
  const { t, i18n } = useTranslation('reports');
  const reports = useReports();
  const { download, isDownloading, dialog } = useFileDownload();
  useReadyNotice(reports.data?.items);
  const items = reports.data?.items ?? [];
  // The server answers the whole list, newest first: the pages are cut here.
  const { state, update } = useListState<'created_at'>({ sort: 'created_at', order: 'desc' });
  const page = reports.data ? items.slice((state.page - 1) * state.page_size, state.page * state.page_size) : undefined;
  const columns: DataColumn<Report, 'created_at'>[] = [
    { key: 'created_at', label: t('columns.createdAt'), render: (report) => formatDateTime(report.created_at, i18n.language) },
    { key: 'file_name', label: t('columns.fileName'), render: (report) => <Box component="span" sx={{ wordBreak: 'break-all' }}>{report.file_name}</Box> },
    { key: 'created_by', label: t('columns.createdBy'), render: (report) => report.created_by, secondary: true },
    { key: 'type', label: t('columns.type'), render: (report) => t(`types.${report.report_type}`) },
    { key: 'format', label: t('columns.format'), render: (report) => t(`formats.${report.file_format}`), secondary: true },
    { key: 'state', label: t('columns.state'), render: (report) => <ReportState report={report} /> },
  ];
  // The booking reports (spec §2 `/booking/report`) sit under the bookings, whose menu item needs a booking permission.
  const user = useCurrentUser();
  const bookingReports = userHasModule(user, 'all_bookings') || userHasModule(user, 'flight_bookings');
  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <>
            {bookingReports && (
              <Button variant="outlined" component={RouterLink} to="/booking/report">
                {t('list.bookingReports')}
              </Button>
            )}
            <Button variant="contained" component={RouterLink} to="/report/new">
              {t('list.new')}
            </Button>
          </>
        }
      />
      <DataTable
        label={t('list.title')}
        columns={columns}
        rows={page}
        total={reports.data ? items.length : undefined}
        rowKey={(report) => report.id}
        rowLabel={(report) => report.file_name}
        state={state}
        onChange={update}
        isLoading={reports.isLoading}
        isError={reports.isError}
        searchable={false}
        actions={(report) =>
          report.status === 'ready' && (
            <Button size="small" disabled={isDownloading} aria-label={t('list.downloadNamed', { name: report.file_name })} onClick={() => void download(reportApi.download.path, { id: report.id })}>
              {t('list.download')}
            </Button>
          )
        }
      />
      {dialog}
    </>
  );
}
