import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** A screen whose data could not be loaded: says so and offers to load it again. */
export function LoadFailedAlert({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useTranslation('companyAdmin');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={() => void onRetry()}>
          {t('retry')}
        </Button>
      }
    >
      {t('loadFailed')}
    </Alert>
  );
}

/** The address names a record that does not exist (or is another company's): says so, with the way back to its list. */
export function NotFoundAlert({ back }: { back: { to: string; label: string } }) {
  const { t } = useTranslation('companyAdmin');
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to={back.to}>
          {back.label}
        </Button>
      }
    >
      {t('notFound')}
    </Alert>
  );
}
