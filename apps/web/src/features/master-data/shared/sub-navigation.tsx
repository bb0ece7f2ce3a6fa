import { Link as RouterLink, useLocation } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

/** The screens of one settings area (e.g. cost centres: list, users, budgets), as tabs that are links. */
export function SubNavigation({ label, items }: { label: string; items: readonly { path: string; label: string }[] }) {
  const { pathname } = useLocation();
  const active = items.find((item) => item.path === pathname)?.path ?? false;
  return (
    <Tabs component="nav" aria-label={label} value={active} sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
      {items.map((item) => (
        <Tab key={item.path} value={item.path} label={item.label} component={RouterLink} to={item.path} />
      ))}
    </Tabs>
  );
}
