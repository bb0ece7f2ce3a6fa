import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { reportApi, type Report } from '@delego/contract';
import { formatDateTime } from '@delego/domain';
import { PageHeader } from '../../components/page-header.tsx';
import { useFileDownload } from '../../components/feedback/use-file-download.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import { userHasModule } from '../../lib/user-context.ts';
import { useReports } from './api/reports.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';

/** Tells the user when a report they saw being generated is ready (or failed), whichever screen of the list they look at. */
function useReadyNotice(items: readonly Report[] | undefined) {
  const { t } = useTranslation('reports');
  const { enqueueSnackbar } = useSnackbar();
  const seen = useRef(new Map<number, Report['status']>());
  useEffect(() => {
    for (const item of items ?? []) {
      const before = seen.current.get(item.id);
      if ((before === 'queued' || before === 'running') && item.status === 'ready') enqueueSnackbar(t('list.ready', { name: item.file_name }), { variant: 'success' });
      if ((before === 'queued' || before === 'running') && item.status === 'failed') enqueueSnackbar(t('list.failedNotice', { name: item.file_name }), { variant: 'error' });
      seen.current.set(item.id, item.status);
    }
  }, [items, enqueueSnackbar, t]);
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
      <Paper variant="outlined">
        {reports.isLoading && <LinearProgress aria-label={t('list.loading')} />}
        {reports.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('list.loadError')}
          </Alert>
        )}
        <TableContainer>
          <Table size="small" aria-label={t('list.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.createdAt')}</TableCell>
                <TableCell>{t('columns.fileName')}</TableCell>
                <TableCell>{t('columns.createdBy')}</TableCell>
                <TableCell>{t('columns.type')}</TableCell>
                <TableCell>{t('columns.format')}</TableCell>
                <TableCell>{t('columns.state')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('columns.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((report) => (
                <TableRow key={report.id}>
                  <TableCell>{formatDateTime(report.created_at, i18n.language)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{report.file_name}</TableCell>
                  <TableCell>{report.created_by}</TableCell>
                  <TableCell>{t(`types.${report.report_type}`)}</TableCell>
                  <TableCell>{t(`formats.${report.file_format}`)}</TableCell>
                  <TableCell>
                    <ReportState report={report} />
                  </TableCell>
                  <TableCell>
                    {report.status === 'ready' && (
                      <Button
                        size="small"
                        disabled={isDownloading}
                        aria-label={t('list.downloadNamed', { name: report.file_name })}
                        onClick={() => void download(reportApi.download.path, { id: report.id })}
                      >
                        {t('list.download')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {reports.isSuccess && items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>{t('list.empty')}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {dialog}
    </>
  );
}
