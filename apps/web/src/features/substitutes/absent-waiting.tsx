import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import type { AbsentWaiting, AbsentWaitingItem } from '@delego/contract';
import { formatWallPeriod } from '@delego/domain';
import { useCurrentUser } from '../../lib/session.tsx';
import { useAbsentWaiting } from './api.ts';
import { useLoginAs } from './login-as.ts';
import { personName } from './substitute-table.tsx';

/** Where a waiting document is decided, on the absent colleague's account once logged in as them. */
export function decisionPathOf(item: Pick<AbsentWaitingItem, 'kind' | 'id'>): string {
  switch (item.kind) {
    case 'order':
      return `/delegation-order/decision/${item.id}`;
    case 'settlement':
      return `/delegation/decision/${item.id}`;
    case 'advance':
      return '/delegation-advance?scope=toDecide';
    case 'travelService':
      return `/travel-service/approval/${item.id}`;
  }
}

/**
 * What waits for each colleague the signed-in user substitutes today, by absent user's id; asked only
 * of someone who substitutes, and never for the colleague they are logged in as right now.
 */
export function useAbsentWaitingByUser() {
  const user = useCurrentUser();
  const query = useAbsentWaiting(user.can_login_as);
  const byUser = new Map((query.data?.items ?? []).filter((entry) => entry.absent_user.id !== user.context_user_id).map((entry) => [entry.absent_user.id, entry]));
  return { byUser, isError: query.isError };
}

/** 'Czeka na decyzję: 2 polecenia wyjazdu, 1 rozliczenie', or that nothing waits. */
export function AbsentWaitingSummary({ waiting }: { waiting: AbsentWaiting }) {
  const { t } = useTranslation('substitutes');
  const { counts } = waiting;
  const parts = [
    counts.orders > 0 && t('waiting.orders', { count: counts.orders }),
    counts.settlements > 0 && t('waiting.settlements', { count: counts.settlements }),
    counts.advances > 0 && t('waiting.advances', { count: counts.advances }),
    counts.travel_services > 0 && t('waiting.travelServices', { count: counts.travel_services }),
  ].filter((part): part is string => typeof part === 'string');
  return (
    <Box component="span" sx={{ display: 'block' }}>
      {parts.length === 0 ? t('waiting.nothing') : t('waiting.summary', { list: parts.join(', ') })}
    </Box>
  );
}

/**
 * The home screen's 'Czeka na osoby, które zastępujesz' (issue 12 point 1): for each absent colleague,
 * the counts and the first documents waiting for their decision; choosing one logs in as the colleague
 * and opens its decision screen.
 */
export function AbsentWaitingPanel() {
  const { t, i18n } = useTranslation('substitutes');
  const { byUser, isError } = useAbsentWaitingByUser();
  const { loginAs, pendingId } = useLoginAs();
  if (isError) return <Alert severity="warning" sx={{ mb: 3 }}>{t('waiting.loadError')}</Alert>;
  if (byUser.size === 0) return null;
  const documentText = (item: AbsentWaitingItem) => `${t(`waiting.kind.${item.kind}`)} ${item.number ?? t('waiting.noNumber')} · ${item.employee_name}`;
  const tripText = (item: AbsentWaitingItem) =>
    [item.destination, item.start_date && item.end_date ? formatWallPeriod(item.start_date, item.end_date, i18n.language) : null].filter(Boolean).join(' · ');
  return (
    <Box component="section" aria-labelledby="absent-waiting" sx={{ mb: 3 }}>
      <Typography id="absent-waiting" variant="h6" component="h2">
        {t('waiting.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('waiting.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {[...byUser.values()].map((waiting) => {
          const name = personName(waiting.absent_user);
          return (
            <Paper key={waiting.absent_user.id} variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle1" component="h3">
                {name}
              </Typography>
              <Typography variant="body2" component="div">
                <AbsentWaitingSummary waiting={waiting} />
              </Typography>
              {waiting.items.length > 0 && (
                <List dense disablePadding aria-label={t('waiting.listLabel', { name })}>
                  {waiting.items.map((item) => (
                    <ListItem key={`${item.kind}-${item.id}`} disablePadding>
                      <ListItemButton
                        disabled={pendingId !== null}
                        aria-label={t('waiting.open', { name, document: documentText(item) })}
                        onClick={() => void loginAs(waiting.absent_user.id, decisionPathOf(item))}
                      >
                        <ListItemText primary={documentText(item)} secondary={tripText(item)} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              )}
              <Button size="small" startIcon={<LoginIcon />} disabled={pendingId !== null} onClick={() => void loginAs(waiting.absent_user.id)} sx={{ mt: 1 }}>
                {t('loginAs.action', { name })}
              </Button>
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
