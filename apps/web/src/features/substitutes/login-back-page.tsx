import { useTranslation } from 'react-i18next';
import { substitutesApi } from '@delego/contract';
import { AccountSwitchPage } from '../../components/feedback/account-switch-page.tsx';
import { call } from '../../lib/api-client.ts';

const loginBack = () => call(substitutesApi.loginBack);

/** `/login-back` (menu 'back to own account'): leaves the absent colleague's account and opens the start page on one's own. */
export function LoginBackPage() {
  const { t } = useTranslation('substitutes');
  return <AccountSwitchPage switchAccountCall={loginBack} next="/" label={t('loginBack.inProgress')} />;
}
