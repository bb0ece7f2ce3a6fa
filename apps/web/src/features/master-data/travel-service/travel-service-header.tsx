import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { SubNavigation } from '../shared/sub-navigation.tsx';

/** The settings tabs, the title and the four travel-module screens. */
export function TravelServiceHeader({ title, description, actions }: { title: string; description: string; actions?: ReactNode }) {
  const { t } = useTranslation('masterData');
  return (
    <>
      <SettingsNavigation />
      <PageHeader title={title} description={description} actions={actions} />
      <SubNavigation
        label={t('travel.navigation')}
        items={[
          { path: '/settings/travel-service', label: t('travel.tabs.acceptors') },
          { path: '/settings/travel-service/additional-parameters', label: t('travel.tabs.parameters') },
          { path: '/settings/travel-service/mail-subject', label: t('travel.tabs.mailSubject') },
          { path: '/settings/travel-service/additional-settings', label: t('travel.tabs.settings') },
        ]}
      />
    </>
  );
}
