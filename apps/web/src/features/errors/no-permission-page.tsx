import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../components/feedback/status-page.tsx';

/** The 403 view of a company screen the user's roles do not open. */
export function NoPermissionPage() {
  const { t } = useTranslation('errors');
  return (
    <StatusPage title={t('pages.noPermission.title')} action={{ label: t('pages.backToHome'), to: '/' }}>
      {t('pages.noPermission.body')}
    </StatusPage>
  );
}
