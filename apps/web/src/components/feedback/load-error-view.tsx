import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a view's code could not be loaded (spec §8, §9: 120 s). Besides retrying,
 * it offers a reload because some browsers remember a failed module and fail it again.
 */
export function LoadErrorView({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert
      severity="error"
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('loadError.retry')}
          </Button>
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('loadError.reload')}
          </Button>
        </Stack>
      }
    >
      <AlertTitle>{t('loadError.title')}</AlertTitle>
      {t('loadError.body')}
    </Alert>
  );
}
