import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import { useMySubstitutes } from './api.ts';
import { AbsentWaitingSummary, useAbsentWaitingByUser } from './absent-waiting.tsx';
import { useLoginAs } from './login-as.ts';
import { personName, usePeriodText } from './substitute-table.tsx';

/** `/login-as`: the absent colleagues one substitutes today, each one click away (spec §2, §7). */
export function LoginAsPage() {
  const { t } = useTranslation('substitutes');
  const user = useCurrentUser();
  const list = useMySubstitutes();
  const { loginAs, pendingId } = useLoginAs();
  const periodText = usePeriodText();
  const waiting = useAbsentWaitingByUser();

  if (list.isPending) return <PageSpinner label={t('loading')} />;
  const current = (list.data?.substituting ?? []).filter((row) => row.state === 'current' && row.absent_user.id !== user.context_user_id);
  return (
    <>
      <PageHeader title={t('loginAs.title')} description={t('loginAs.intro')} />
      {list.isError && <Alert severity="error">{t('loadError')}</Alert>}
      {list.data && current.length === 0 && <Alert severity="info">{t('loginAs.empty')}</Alert>}
      {current.length > 0 && (
        <Paper>
          <List aria-label={t('loginAs.title')}>
            {current.map((row) => (
              <ListItem
                key={row.id}
                divider
                secondaryAction={
                  <Button startIcon={<LoginIcon />} disabled={pendingId !== null} onClick={() => void loginAs(row.absent_user.id)}>
                    {t('loginAs.action', { name: personName(row.absent_user) })}
                  </Button>
                }
                sx={{ pr: { xs: 2, sm: 36 }, flexWrap: 'wrap' }}
              >
                <ListItemText
                  primary={personName(row.absent_user)}
                  secondary={
                    <>
                      {[t('loginAs.period', { from: periodText(row.date_from), to: periodText(row.date_to) }), row.comment].filter(Boolean).join(' · ')}
                      {waiting.byUser.has(row.absent_user.id) && <AbsentWaitingSummary waiting={waiting.byUser.get(row.absent_user.id)!} />}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </>
  );
}
