import { Outlet, Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { OfflineBanner } from '../../components/offline-banner.tsx';
import { UpdateBanner } from '../../components/update-banner.tsx';
import { LanguageSwitch } from './language-switch.tsx';

/** The frame of the screens that need no session: a slim header with the language flags. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'grey.100' }}>
      <AppBar position="static" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 2 }}>
          <Link component={RouterLink} to="/login" variant="h6" underline="none" color="inherit" sx={{ flexGrow: 1 }}>
            {t('appTitle')}
          </Link>
          <LanguageSwitch />
        </Toolbar>
      </AppBar>
      <OfflineBanner />
      <UpdateBanner />
      <Container component="main" sx={{ flexGrow: 1, py: 3 }}>
        <Outlet />
      </Container>
    </Box>
  );
}
