import { useEffect } from 'react';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { connectNotificationHost } from './notifications.tsx';

/** Spec §9: notifications at the bottom, 6000 ms, success colour unless told otherwise. */
const SNACKBAR_TIMEOUT_MS = 6000;

function Connection() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => connectNotificationHost((message, options) => void enqueueSnackbar(message, options)), [enqueueSnackbar]);
  return null;
}

/** notistack, fetched after the first screen by `NotificationLayer` (ADR 0038): the only module that imports it. */
export function NotificationHost() {
  return (
    <SnackbarProvider anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} autoHideDuration={SNACKBAR_TIMEOUT_MS} variant="success" maxSnack={4} preventDuplicate>
      <Connection />
    </SnackbarProvider>
  );
}
