import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../../components/feedback/status-page.tsx';

/** What an address of a missing (or another company's) record shows. */
export function MissingView({ back }: { back: { to: string; label: string } }) {
  const { t } = useTranslation('masterData');
  return (
    <StatusPage title={t('common.missingTitle')} action={{ label: back.label, to: back.to }}>
      {t('common.missingBody')}
    </StatusPage>
  );
}
