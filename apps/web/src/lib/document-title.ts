import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to the screen name, so tabs and history entries are told apart. */
export function useDocumentTitle(screen: string): void {
  const { t } = useTranslation('common');
  const title = t('documentTitle', { screen });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
