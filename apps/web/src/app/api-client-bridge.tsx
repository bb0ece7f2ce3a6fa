import { useEffect, useRef, useState } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { enqueueSnackbar } from '../lib/notifications.tsx';
import { MessageDialog } from '../components/feedback/message-dialog.tsx';
import { setApiEventHandler, type ApiEvent } from '../lib/api-client.ts';
import { translateServerMessage } from '../lib/server-messages.ts';
import { useSession } from '../lib/session.tsx';

/**
 * Connects the api client to the shell (spec §7, §8): server messages become notifications,
 * a network failure a red one, a 401 ends the session and opens login, a 403 a dialog.
 */
export function ApiClientBridge() {
  const { t } = useTranslation('errors');
  const { expire } = useSession();
  const [isForbiddenOpen, setForbiddenOpen] = useState(false);
  const latest = useRef({ t, expire });

  useEffect(() => {
    latest.current = { t, expire };
  });

  useEffect(
    () =>
      setApiEventHandler((event: ApiEvent) => {
        const { t: translate, expire: endSession } = latest.current;
        switch (event.type) {
          case 'messages':
            for (const message of event.messages) enqueueSnackbar(translateServerMessage(message), { variant: event.variant });
            break;
          case 'networkError':
            enqueueSnackbar(translate('network'), { variant: 'error' });
            break;
          case 'serviceUnavailable':
            enqueueSnackbar(translate('serviceUnavailable'), { variant: 'error' });
            break;
          case 'unexpected':
            enqueueSnackbar(event.requestId ? translate('unexpectedWithId', { requestId: event.requestId }) : translate('unexpected'), { variant: 'error' });
            break;
          case 'unauthorized':
            endSession();
            break;
          case 'forbidden':
            setForbiddenOpen(true);
            break;
        }
      }),
    [],
  );

  return (
    <MessageDialog open={isForbiddenOpen} title={t('forbidden.title')} onClose={() => setForbiddenOpen(false)}>
      <Typography>{t('forbidden.body')}</Typography>
    </MessageDialog>
  );
}
