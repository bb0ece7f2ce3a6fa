import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { enUS, plPL } from '@mui/material/locale';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { BRAND_PRIMARY } from './brand.ts';

/** Spec §9: notifications at the bottom, 6000 ms, success colour unless told otherwise. */
const SNACKBAR_TIMEOUT_MS = 6000;

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

/** Everything the router and the screens rely on, outside the router. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalisedTheme>
        <SnackbarProvider
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          autoHideDuration={SNACKBAR_TIMEOUT_MS}
          variant="success"
          maxSnack={4}
          preventDuplicate
        >
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </SnackbarProvider>
      </LocalisedTheme>
    </I18nextProvider>
  );
}
