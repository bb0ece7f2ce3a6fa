import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { substitutesApi } from '@delego/contract';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { call } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';

/** `/login-back` (menu 'back to own account'): leaves the absent colleague's account and opens the start page on one's own. */
export function LoginBackPage() {
  const { t } = useTranslation('substitutes');
  const { switchAccount } = useSession();
  const navigate = useNavigate();
  // Development StrictMode runs effects twice; one switch is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    call(substitutesApi.loginBack).then(
      (session) => {
        switchAccount(session);
        navigate('/', { replace: true });
      },
      () => navigate(-1),
    );
  }, [switchAccount, navigate]);

  return <PageSpinner label={t('loginBack.inProgress')} />;
}
