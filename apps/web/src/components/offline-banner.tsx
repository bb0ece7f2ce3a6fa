import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../lib/online-status.ts';

/** Spec §8: a warning banner while the browser is offline. */
export function OfflineBanner() {
  const { t } = useTranslation('common');
  const isOnline = useOnlineStatus();
  if (isOnline) return null;
  return (
    <Alert severity="warning" variant="filled" square sx={{ borderRadius: 0 }}>
      {t('offline')}
    </Alert>
  );
}
