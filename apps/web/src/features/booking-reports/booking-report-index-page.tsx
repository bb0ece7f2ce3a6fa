import { Link as RouterLink } from 'react-router';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { BOOKING_REPORT_KINDS } from '@delego/domain';
import { PageHeader } from '../../components/page-header.tsx';
import { reportScreen } from './report-guard.tsx';

/** The kinds of booking report and the budget view, each with what it shows. */
const ENTRIES = [...BOOKING_REPORT_KINDS.slice(0, 7), 'budget', ...BOOKING_REPORT_KINDS.slice(7)] as const;

/** Spec §2 `/booking/report`: the booking reports to choose from. */
function BookingReportIndex() {
  const { t } = useTranslation(['bookingReports', 'routes']);
  return (
    <>
      <PageHeader title={t('index.title')} description={t('index.description')} />
      <Paper variant="outlined">
        <List aria-label={t('index.title')}>
          {ENTRIES.map((kind) => (
            <ListItem key={kind} disablePadding>
              <ListItemButton component={RouterLink} to={`/booking/report/${kind}`}>
                <ListItemText
                  primary={t(`routes:booking.reports.${kind}`)}
                  secondary={t(`descriptions.${kind}`)}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </>
  );
}

export const BookingReportIndexPage = reportScreen(BookingReportIndex);
