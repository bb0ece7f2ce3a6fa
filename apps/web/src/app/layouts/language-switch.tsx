import type { ComponentType } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@delego/contract';
import { EnglishFlag, PolishFlag } from '../../components/language-flags.tsx';
import { useLanguageSwitch } from '../../lib/session.tsx';

const FLAGS: Record<Language, ComponentType> = { 'pl-PL': PolishFlag, 'en-US': EnglishFlag };

/** The PL and EN flags of the header; the choice applies at once and is saved for the user. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const switchLanguage = useLanguageSwitch();
  return (
    <Stack direction="row" spacing={0.5} role="group" aria-label={t('language.group')}>
      {LANGUAGES.map((language) => {
        const Flag = FLAGS[language];
        const isCurrent = i18n.language === language;
        return (
          // The browser's own hint, not MUI's Tooltip: Popper would weigh on the login route (issue 13).
          <IconButton
            key={language}
            title={t(`language.${language}`)}
            aria-label={t(`language.${language}`)}
            aria-pressed={isCurrent}
            onClick={() => void switchLanguage(language)}
            // A frame, not dimming, marks the current language: a dimmed flag reads as another flag.
            sx={{ borderRadius: 1, border: 2, borderColor: isCurrent ? 'currentColor' : 'transparent', p: 0.75 }}
          >
            <Flag />
          </IconButton>
        );
      })}
    </Stack>
  );
}
