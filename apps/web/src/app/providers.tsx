import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { enUS, plPL } from '@mui/material/locale';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { enUS as pickersEnUS, plPL as pickersPlPL } from '@mui/x-date-pickers/locales';
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
  const theme = useMemo(() => createTheme({ palette: { primary: { main: BRAND_PRIMARY } } }, isEnglish ? enUS : plPL, isEnglish ? pickersEnUS : pickersPlPL), [isEnglish]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/* The date pickers speak the interface language (calendar, month names, field texts), whatever the browser's. */}
      <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={isEnglish ? 'en-US' : 'pl'}>
        {children}
      </LocalizationProvider>
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
