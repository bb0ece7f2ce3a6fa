import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminCompaniesApi } from '@delego/contract';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { call } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';

/**
 * `/log-in-back-admin-context` (menu 'back to the admin context'): the provider administrator leaves the
 * company's context (spec §7 `admin/company-admin/log-in-back-admin-context`) and returns to the company list.
 */
export function BackToAdminContextPage() {
  const { t } = useTranslation('providerAdmin');
  const { switchAccount } = useSession();
  const navigate = useNavigate();
  // Development StrictMode runs effects twice; one switch is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    call(adminCompaniesApi.logInBackAdminContext).then(
      (session) => {
        switchAccount(session);
        navigate('/admin/companies', { replace: true });
      },
      () => navigate(-1),
    );
  }, [switchAccount, navigate]);

  return <PageSpinner label={t('back.inProgress')} />;
}
