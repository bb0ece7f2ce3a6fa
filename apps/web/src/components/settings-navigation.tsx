import { Link as RouterLink, useLocation } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';

/** The company settings screens (spec §2 "Settings"), in the order the navigation shows them. */
export const SETTINGS_SECTIONS: readonly { path: string; titleKey: string }[] = [
  { path: '/settings/users', titleKey: 'settings.users' },
  { path: '/settings/role', titleKey: 'settings.role' },
  { path: '/settings/user-substitute', titleKey: 'settings.userSubstitute' },
  { path: '/settings/organizational-structure', titleKey: 'settings.organizationalStructure' },
  { path: '/settings/cost-centre', titleKey: 'settings.costCentre' },
  { path: '/settings/system-settings', titleKey: 'settings.systemSettings' },
  { path: '/settings/system-settings/document-number-template', titleKey: 'settings.documentNumberTemplate' },
  { path: '/settings/system-settings/external-system', titleKey: 'settings.externalSystem' },
  { path: '/settings/workflow', titleKey: 'settings.workflow' },
  { path: '/settings/delegation-rate', titleKey: 'settings.delegationRate' },
  { path: '/settings/exchange-rate', titleKey: 'settings.exchangeRate' },
  { path: '/settings/delegation-task', titleKey: 'settings.delegationTask' },
  { path: '/settings/trip-policy', titleKey: 'settings.tripPolicy' },
  { path: '/settings/custom-webpage', titleKey: 'settings.customWebpage' },
  { path: '/settings/external-company', titleKey: 'settings.externalCompany' },
  { path: '/settings/project', titleKey: 'settings.project' },
  { path: '/settings/vehicles', titleKey: 'settings.vehicles' },
  { path: '/settings/travel-service', titleKey: 'settings.travelService' },
  { path: '/settings/logs', titleKey: 'settings.logs' },
];

/** The section a path belongs to: the longest section path that is the path or a parent of it. */
export function settingsSectionOf(pathname: string): string | false {
  const matches = SETTINGS_SECTIONS.filter(({ path }) => pathname === path || pathname.startsWith(`${path}/`));
  return matches.sort((a, b) => b.path.length - a.path.length)[0]?.path ?? false;
}

/** The tab bar over every administration screen, so an administrator moves between settings in one click. */
export function SettingsNavigation() {
  const { t } = useTranslation('routes');
  const { t: tc } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <Tabs
      component="nav"
      aria-label={tc('settingsNavigation')}
      value={settingsSectionOf(pathname)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {SETTINGS_SECTIONS.map((section) => (
        <Tab key={section.path} value={section.path} label={t(section.titleKey)} component={RouterLink} to={section.path} />
      ))}
    </Tabs>
  );
}
