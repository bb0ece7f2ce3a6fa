import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { SubNavigation } from '../shared/sub-navigation.tsx';

/** The settings tabs, the title and the two organisation-structure screens. */
export function OrganisationHeader({ title, description, actions }: { title: string; description: string; actions?: ReactNode }) {
  const { t } = useTranslation('masterData');
  return (
    <>
      <SettingsNavigation />
      <PageHeader title={title} description={description} actions={actions} />
      <SubNavigation
        label={t('organisation.navigation')}
        items={[
          { path: '/settings/organizational-structure', label: t('organisation.tabs.tree') },
          { path: '/settings/organizational-structure/users', label: t('organisation.tabs.users') },
        ]}
      />
    </>
  );
}
