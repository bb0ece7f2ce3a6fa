import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { SubNavigation } from '../shared/sub-navigation.tsx';
import type { ReactNode } from 'react';

/** The settings tabs, the screen's title and the cost-centre screens (list, users, budgets). */
export function CostCentreHeader({ title, description, actions }: { title: string; description: string; actions?: ReactNode }) {
  const { t } = useTranslation('masterData');
  return (
    <>
      <SettingsNavigation />
      <PageHeader title={title} description={description} actions={actions} />
      <SubNavigation
        label={t('costCentres.navigation')}
        items={[
          { path: '/settings/cost-centre', label: t('costCentres.tabs.list') },
          { path: '/settings/cost-centre/users', label: t('costCentres.tabs.users') },
          { path: '/settings/cost-centre/budget', label: t('costCentres.tabs.budgets') },
        ]}
      />
    </>
  );
}
