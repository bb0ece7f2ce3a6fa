import { useTranslation } from 'react-i18next';
import { adminCompaniesApi } from '@delego/contract';
import { AccountSwitchPage } from '../../../components/feedback/account-switch-page.tsx';
import { call } from '../../../lib/api-client.ts';

const backToAdminContext = () => call(adminCompaniesApi.logInBackAdminContext);

/**
 * `/log-in-back-admin-context` (menu 'back to the admin context'): the provider administrator leaves the
 * company's context (spec §7 `admin/company-admin/log-in-back-admin-context`) and returns to the company list.
 */
export function BackToAdminContextPage() {
  const { t } = useTranslation('providerAdmin');
  return <AccountSwitchPage switchAccountCall={backToAdminContext} next="/admin/companies" label={t('back.inProgress')} />;
}
