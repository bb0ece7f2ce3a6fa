import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { applyUpdate, useUpdateAvailable } from '../lib/app-update.ts';

/** Spec §8: an info banner while a new version waits; its button switches to it and reloads. */
export function UpdateBanner() {
  const { t } = useTranslation('common');
  const isUpdateAvailable = useUpdateAvailable();
  if (!isUpdateAvailable) return null;
  return (
    <Alert
      severity="info"
      variant="filled"
      square
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={applyUpdate}>
          {t('updateAvailable.reload')}
        </Button>
      }
    >
      {t('updateAvailable.message')}
    </Alert>
  );
}
