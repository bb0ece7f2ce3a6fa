import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import BusinessIcon from '@mui/icons-material/Business';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/session.tsx';
import { isActingAsOther } from '../../lib/user-context.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { MAIN_MENU_ID } from './main-menu.tsx';

function UserBadge() {
  const { t } = useTranslation('common');
  const user = useCurrentUser();
  if (user.in_company_context) {
    // A provider administrator helping inside a company: which company, and as whom (spec §6).
    return (
      <Tooltip title={t('header.inCompanyContext', { company: user.company_name, login: user.context_user_login, provider: user.login })}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <BusinessIcon titleAccess={t('header.inCompanyContextIcon')} />
          <Typography component="span" noWrap>
            {t('header.inCompanyContextLabel', { company: user.company_code, login: user.context_user_login })}
          </Typography>
        </Box>
      </Tooltip>
    );
  }
  if (isActingAsOther(user)) {
    return (
      <Tooltip title={t('header.loggedAs', { login: user.context_user_login })}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <SupervisorAccountIcon titleAccess={t('header.loggedAsIcon')} />
          <Typography component="span">{user.context_user_login}</Typography>
        </Box>
      </Tooltip>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <AccountCircleIcon aria-hidden />
      <Typography component="span">{user.login}</Typography>
    </Box>
  );
}

interface AppHeaderProps {
  isMenuExpanded: boolean;
  onToggleMenu: () => void;
}

/** Spec §2: the header shows the login (or who one acts as) and the language flags. */
export function AppHeader({ isMenuExpanded, onToggleMenu }: AppHeaderProps) {
  const { t } = useTranslation('common');
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 2 }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleMenu}
          aria-label={t(isMenuExpanded ? 'header.collapseMenu' : 'header.expandMenu')}
          aria-expanded={isMenuExpanded}
          aria-controls={MAIN_MENU_ID}
        >
          {isMenuExpanded ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <Link component={RouterLink} to="/" variant="h6" color="inherit" underline="none" sx={{ flexGrow: 1 }} aria-label={t('header.home')}>
          {t('appName')}
        </Link>
        <UserBadge />
        <LanguageSwitch />
      </Toolbar>
    </AppBar>
  );
}
