import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme } from '@mui/material/styles';
// MUI's own `ThemeProvider` also brings its CSS-variables provider (with the colour-scheme storage and script), which a
// theme without CSS variables never uses: for such a theme it renders this one (issue 13, the login route's size).
import { ThemeProvider } from '@mui/system';
import { enUS, plPL } from '@mui/material/locale';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { NotificationLayer } from '../lib/notifications.tsx';
import { BRAND_PRIMARY } from './brand.ts';

function LocalisedTheme({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  // MUI's own texts (pagination, close buttons) follow the interface language.
  const isEnglish = language === 'en-US';
  const theme = useMemo(
    () => createTheme({ palette: { primary: { main: BRAND_PRIMARY } } }, isEnglish ? enUS : plPL),
    [isEnglish],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/* The date pickers' language comes with the pickers (components/inputs/pickers-localization.tsx). */}
      {children}
    </ThemeProvider>
  );
}

/**
 * Everything the router and the screens rely on, outside the router. The query client is given by the screens' and
 * the shell's loaders (`lib/query-layer.tsx`), not here: the login page runs without TanStack Query (issue 13).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalisedTheme>
        <NotificationLayer>{children}</NotificationLayer>
      </LocalisedTheme>
    </I18nextProvider>
  );
}
