import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { enUS, plPL } from '@mui/x-date-pickers/locales';
import { useTranslation } from 'react-i18next';

const PICKER_TEXTS = {
  pl: plPL.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

/**
 * The date pickers speak the interface language (calendar, month names, field texts), whatever the browser's.
 * Provided by the picker fields themselves rather than by the app's providers, so the pickers, their adapter and
 * Luxon load with the first screen that has a date field, never with the login page (docs/performance.md).
 */
export function PickersLocalization({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const isEnglish = i18n.language === 'en-US';
  return (
    <LocalizationProvider
      dateAdapter={AdapterLuxon}
      adapterLocale={isEnglish ? 'en-US' : 'pl'}
      localeText={isEnglish ? PICKER_TEXTS.en : PICKER_TEXTS.pl}
    >
      {children}
    </LocalizationProvider>
  );
}
