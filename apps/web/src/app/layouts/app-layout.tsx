import { useState } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { OfflineBanner } from '../../components/offline-banner.tsx';
import { UpdateBanner } from '../../components/update-banner.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { MainMenu } from './main-menu.tsx';

/** The shell of the logged-in screens: header, main menu, content and footer. */
export function AppLayout() {
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // On narrow screens the menu starts as icons (on a phone, closed) so the content keeps its room.
  const [isMenuExpanded, setMenuExpanded] = useState(!isNarrow);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppHeader isMenuExpanded={isMenuExpanded} onToggleMenu={() => setMenuExpanded((value) => !value)} />
      <MainMenu isExpanded={isMenuExpanded} overlay={isPhone} onClose={() => setMenuExpanded(false)} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <OfflineBanner />
        <UpdateBanner />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, sm: 3 } }}>
          <Outlet />
        </Box>
        <AppFooter />
      </Box>
    </Box>
  );
}
