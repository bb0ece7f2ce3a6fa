import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';

const LINKS = [
  { key: 'roles', path: '/settings/role' },
  { key: 'default', path: '/settings/role/default' },
  { key: 'mapping', path: '/settings/role/mapping' },
  { key: 'deputyAuth', path: '/settings/role/deputy-auth' },
] as const;

/** The four screens of roles and permissions (spec §2 settings/role/...). */
export function RoleAreaNav() {
  const { t } = useTranslation('adminRoles');
  const { pathname } = useLocation();
  const active = LINKS.filter(({ path }) => pathname === path || pathname.startsWith(`${path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ mb: 2 }}>
      <Tabs aria-label={t('nav.label')} value={active?.path ?? false} variant="scrollable" scrollButtons="auto">
        {LINKS.map((link) => (
          <Tab key={link.key} label={t(`nav.${link.key}`)} value={link.path} component={RouterLink} to={link.path} />
        ))}
      </Tabs>
    </Box>
  );
}
