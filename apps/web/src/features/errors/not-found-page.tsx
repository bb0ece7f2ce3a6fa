import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../components/feedback/status-page.tsx';

export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <StatusPage title={t('pages.notFound.title')} action={{ label: t('pages.backToHome'), to: '/' }}>
      {t('pages.notFound.body')}
    </StatusPage>
  );
}
