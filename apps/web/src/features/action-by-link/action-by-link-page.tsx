import { useTranslation } from 'react-i18next';
import { LinkStateView } from './link-state-view.tsx';

/** `/action-by-link` without a token: nothing to act on, so the link is invalid. */
export function ActionByLinkPage() {
  const { t } = useTranslation('action-by-link');
  return <LinkStateView title={t('title')} state="notFound" />;
}
