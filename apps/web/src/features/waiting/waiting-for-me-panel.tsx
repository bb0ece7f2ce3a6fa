import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoneyText, formatWallPeriod } from '@delego/domain';
import { DashboardCharts } from './dashboard-charts.tsx';
import { useWaitingForMe } from './use-waiting-for-me.ts';

interface WaitingItem {
  key: number;
  primary: string;
  secondary: string;
  to: string;
}

interface WaitingSectionProps {
  title: string;
  count: number;
  /** False when the list counted only up to its bound: `count` is then a lower bound, said as 'more than'. */
  countIsExact: boolean;
  items: WaitingItem[];
  allTo: string;
  allLabel: string;
  emptyLabel: string;
}

function WaitingSection({ title, count, countIsExact, items, allTo, allLabel, emptyLabel }: WaitingSectionProps) {
  const { t } = useTranslation('common');
  const headingId = `waiting-${allTo.replace(/\W/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, flex: 1, minWidth: 0 }}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {title}: {countIsExact ? count : t('waiting.moreThan', { count })}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyLabel}
        </Typography>
      ) : (
        <List dense disablePadding>
          {items.map((item) => (
            <ListItem key={item.key} disablePadding>
              <ListItemButton component={RouterLink} to={item.to}>
                <ListItemText primary={item.primary} secondary={item.secondary} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {count > items.length && (
        <Link component={RouterLink} to={allTo} variant="body2">
          {allLabel}
        </Link>
      )}
    </Paper>
  );
}

/**
 * 'What waits for me' beside the worker choice of `/` (the decider's dashboard, issue 11 point 4): for
 * whoever decides trip orders, settlements or travel services or pays advances, how many wait and the
 * first of each, opening their decision screen, then the same counts and the budgets in pictures.
 */
export function WaitingForMePanel() {
  const { t, i18n } = useTranslation('common');
  const waiting = useWaitingForMe();
  if (!waiting.isDecider) return null;
  const language = i18n.language;
  const trip = (destination: string, start: string, end: string) => `${destination} · ${formatWallPeriod(start, end, language)}`;
  const numberOr = (number: string | null) => number ?? t('waiting.noNumber');
  return (
    <Box component="section" aria-labelledby="waiting-for-me" sx={{ mb: 3 }}>
      <Typography id="waiting-for-me" variant="h6" component="h2" gutterBottom>
        {t('waiting.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <WaitingSection
          title={t('waiting.orders')}
          count={waiting.counts.orders}
          countIsExact={waiting.orders?.total_is_exact ?? true}
          allTo="/delegation-order?waiting_for_me=true"
          allLabel={t('waiting.all')}
          emptyLabel={t('waiting.none')}
          items={(waiting.orders?.items ?? []).map((order) => ({
            key: order.id,
            primary: `${numberOr(order.number)} · ${order.employee.fullName}`,
            secondary: trip(order.destination, order.start_date, order.end_date),
            to: `/delegation-order/decision/${order.id}`,
          }))}
        />
        <WaitingSection
          title={t('waiting.settlements')}
          count={waiting.counts.settlements}
          countIsExact={waiting.settlements?.total_is_exact ?? true}
          allTo="/delegation?scope=toDecide"
          allLabel={t('waiting.all')}
          emptyLabel={t('waiting.none')}
          items={(waiting.settlements?.items ?? []).map((settlement) => ({
            key: settlement.id,
            primary: `${numberOr(settlement.number)} · ${settlement.employee_name}`,
            secondary: trip(settlement.destination_text ?? '', settlement.start_date, settlement.end_date),
            to: `/delegation/decision/${settlement.id}`,
          }))}
        />
        {waiting.paysAdvances && (
          <WaitingSection
            title={t('waiting.advances')}
            count={waiting.counts.advances}
          countIsExact={waiting.advances?.total_is_exact ?? true}
            allTo="/delegation-advance?scope=toDecide"
            allLabel={t('waiting.all')}
            emptyLabel={t('waiting.none')}
            items={(waiting.advances?.items ?? []).map((advance) => ({
              key: advance.id,
              primary: `${formatMoneyText(advance.amount_in_currency, advance.currency, language)} · ${advance.employee.fullName}`,
              secondary: trip(advance.order.destination, advance.order.start_date, advance.order.end_date),
              to: '/delegation-advance?scope=toDecide',
            }))}
          />
        )}
        {waiting.acceptsTravelServices && (
          <WaitingSection
            title={t('waiting.travelServices')}
            count={waiting.travelServices?.total ?? 0}
            countIsExact={waiting.travelServices?.total_is_exact ?? true}
            allTo="/travel-service?status=chosenSentForAcceptance"
            allLabel={t('waiting.all')}
            emptyLabel={t('waiting.none')}
            items={(waiting.travelServices?.items ?? []).map((order) => ({
              key: order.id,
              primary: `${order.number} · ${order.user.fullName}`,
              secondary: order.start_date && order.end_date ? formatWallPeriod(order.start_date, order.end_date, language) : order.travellers.join(', '),
              to: `/travel-service/approval/${order.id}`,
            }))}
          />
        )}
      </Stack>
      <DashboardCharts counts={{ ...waiting.counts, travelServices: waiting.travelServices?.total ?? 0 }} showAdvances={waiting.paysAdvances} showTravelServices={waiting.acceptsTravelServices} />
    </Box>
  );
}
