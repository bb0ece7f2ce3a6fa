import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { useSession } from '../../lib/session.tsx';

/**
 * `/logout`: ends the session here and on the server, then opens the login page. Also the
 * stop when another tab removed the token (spec §2).
 */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const { logout } = useSession();
  const navigate = useNavigate();
  // Development StrictMode runs effects twice; the server must see one logout.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(() => navigate('/login', { replace: true }));
  }, [logout, navigate]);

  return <PageSpinner label={t('logout.inProgress')} />;
}
