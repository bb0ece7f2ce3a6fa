import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/** Spec §6: provider-admin pages outside the administrative context. */
export function AdminContextRequired() {
  const { t } = useTranslation('errors');
  return (
    <Alert severity="error">
      <AlertTitle>{t('pages.adminContextRequired.title')}</AlertTitle>
      {t('pages.adminContextRequired.body')}
    </Alert>
  );
}
