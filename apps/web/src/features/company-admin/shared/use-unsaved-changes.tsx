import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';

/**
 * Asks before leaving a form with unsaved changes, inside the app and on reload. Returns the
 * dialog to render and a function that lets the next navigation through (after a save).
 */
export function useUnsavedChanges(isDirty: boolean) {
  const { t } = useTranslation('companyAdmin');
  const dirty = useRef(isDirty);
  useEffect(() => {
    dirty.current = isDirty;
  }, [isDirty]);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname);
  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('unsaved.title')}
      message={t('unsaved.body')}
      confirmLabel={t('unsaved.leave')}
      destructive
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
  const allowNavigation = () => {
    dirty.current = false;
  };
  return { dialog, allowNavigation };
}
