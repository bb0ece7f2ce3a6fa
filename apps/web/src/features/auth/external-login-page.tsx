import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { authApi } from '@delego/contract';
import { FormCard } from '../../components/form-card.tsx';
import { MessageDialog } from '../../components/feedback/message-dialog.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { ApiError, call } from '../../lib/api-client.ts';
import { clearExternalSystem, externalNavigation, externalReturnUrl, rememberExternalSystem } from '../../lib/external-system.ts';
import { translateServerMessage } from '../../lib/server-messages.ts';
import { useSession } from '../../lib/session.tsx';

/** Spec §8: a timeout (408) or no answer at all on external login shows the 'no connection' alert, then goes back to the main system. */
const isNoConnection = (error: unknown) => error instanceof ApiError && (error.status === 408 || error.status === 0);

type Outcome = { kind: 'working' } | { kind: 'noConnection' } | { kind: 'refused'; message: string };

/**
 * `/external-login?externalUser=…&externalToken=…`: the main system sends its user here with a
 * short-lived token; the server checks it (spec §7 `auth/external-login`) and the session starts like
 * after the login form. The token leaves the address bar at once.
 */
export function ExternalLoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // Development StrictMode runs effects twice; the token works once.
    if (started.current) return;
    started.current = true;
    const externalUser = params.get('externalUser') ?? '';
    const externalToken = params.get('externalToken') ?? '';
    if (externalUser === '' || externalToken === '') {
      setOutcome({ kind: 'refused', message: t('external.incompleteLink') });
      return;
    }
    call(authApi.externalLogin, { body: { externalUser, externalToken } }, { notifyErrors: false, handleUnauthorized: false }).then(
      (answer) => {
        if (answer.user_properties.external_return_url) rememberExternalSystem(answer.user_properties.external_return_url);
        session.login(answer);
        navigate('/', { replace: true });
      },
      (error: unknown) => {
        navigate('/external-login', { replace: true });
        if (isNoConnection(error)) setOutcome({ kind: 'noConnection' });
        else setOutcome({ kind: 'refused', message: error instanceof ApiError && error.messages[0] ? translateServerMessage(error.messages[0]) : t('external.refused') });
      },
    );
  }, [params, navigate, session, t]);

  const leave = () => {
    const returnUrl = externalReturnUrl();
    if (returnUrl) externalNavigation.go(returnUrl);
    else navigate('/login', { replace: true });
  };

  if (outcome.kind === 'working') return <PageSpinner label={t('external.inProgress')} />;
  if (outcome.kind === 'noConnection') {
    return (
      <MessageDialog open title={t('external.noConnectionTitle')} onClose={leave}>
        <Typography>{t('external.noConnection')}</Typography>
      </MessageDialog>
    );
  }
  const returnUrl = externalReturnUrl();
  return (
    <FormCard title={t('external.title')}>
      <Stack spacing={2}>
        <Alert severity="error">{outcome.message}</Alert>
        {returnUrl ? (
          <Button variant="contained" onClick={() => externalNavigation.go(returnUrl)}>
            {t('external.backToMainSystem')}
          </Button>
        ) : (
          <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
            {t('external.toLoginForm')}
          </Link>
        )}
      </Stack>
    </FormCard>
  );
}

/** The route that clears the external-system user flag (spec §2): this browser shows the login form again. */
export function ClearExternalUserPage() {
  const navigate = useNavigate();
  useEffect(() => {
    clearExternalSystem();
    navigate('/login', { replace: true });
  }, [navigate]);
  return <PageSpinner />;
}
