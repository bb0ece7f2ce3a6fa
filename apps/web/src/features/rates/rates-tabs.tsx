import { Link as RouterLink, useLocation } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { SettingsNavigation } from '../../components/settings-navigation.tsx';

const TABS = [
  { path: '/settings/delegation-rate', key: 'inForce' },
  { path: '/settings/delegation-rate/custom', key: 'custom' },
  { path: '/settings/delegation-rate/mileage', key: 'mileage' },
  { path: '/settings/delegation-rate/group', key: 'groups' },
] as const;

/** The settings navigation and, under it, the four rate screens as tabs. */
export function RatesNavigation() {
  const { t } = useTranslation('rates');
  const { pathname } = useLocation();
  const current = TABS.find((tab) => tab.path === pathname)?.path ?? false;
  return (
    <>
      <SettingsNavigation />
      <Tabs component="nav" aria-label={t('tabs.label')} value={current} sx={{ mb: 2 }}>
        {TABS.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={t(`tabs.${tab.key}`)} component={RouterLink} to={tab.path} />
        ))}
      </Tabs>
    </>
  );
}
