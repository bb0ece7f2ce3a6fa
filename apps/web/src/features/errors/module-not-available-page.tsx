import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../components/feedback/status-page.tsx';

export function ModuleNotAvailablePage() {
  const { t } = useTranslation('errors');
  return (
    <StatusPage title={t('pages.moduleNotAvailable.title')} action={{ label: t('pages.backToHome'), to: '/' }}>
      {t('pages.moduleNotAvailable.body')}
    </StatusPage>
  );
}
