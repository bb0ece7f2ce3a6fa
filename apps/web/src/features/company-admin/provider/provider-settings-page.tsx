import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { LoadFailedAlert } from '../shared/load-alerts.tsx';
import { SettingsForm } from '../system-settings/system-settings-page.tsx';
import { useProviderDefaults, useSaveProviderDefaults } from '../api/provider.ts';

/** `/admin/system-settings` (spec §6 mainDbSettings): the settings, modules among them, every new company starts with. */
export function ProviderSettingsPage() {
  const { t } = useTranslation('providerAdmin');
  const defaults = useProviderDefaults();
  const save = useSaveProviderDefaults();
  let body;
  if (defaults.isError) body = <LoadFailedAlert onRetry={() => defaults.refetch()} />;
  else if (!defaults.data) body = <PageSpinner />;
  else body = <SettingsForm loaded={defaults.data.settings} save={save} />;
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.intro')} />
      {body}
    </>
  );
}
