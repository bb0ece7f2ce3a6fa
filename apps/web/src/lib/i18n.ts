import { useEffect, useState } from 'react';
import i18n, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@delego/contract';

const DEFAULT_LANGUAGE: Language = 'pl-PL';
/** The language chosen before login, so the login page keeps it; after login the user's own wins. */
const LANGUAGE_STORAGE_KEY = 'delego.language';

const FOLDER_LANGUAGES: Record<string, Language> = { pl: 'pl-PL', en: 'en-US' };

// Each language's messages are one chunk of their own (vite.config.ts groups `locales/<folder>/`), fetched
// only when that language is shown: the browser never downloads the other language. A missing file
// still fails the build.
const localeFiles = import.meta.glob<ResourceLanguage>('../locales/*/*.json', { import: 'default' });

const loadedLanguages = new Map<Language, Promise<void>>();

/** Fetches a language's messages once and adds every namespace of it to i18next. */
export function loadLanguage(language: Language): Promise<void> {
  let loading = loadedLanguages.get(language);
  if (!loading) {
    const files = Object.entries(localeFiles).flatMap(([path, load]) => {
      const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
      return match?.[1] && match[2] && FOLDER_LANGUAGES[match[1]] === language ? [{ namespace: match[2], load }] : [];
    });
    loading = Promise.all(files.map(async ({ namespace, load }) => ({ namespace, content: await load() }))).then((bundles) => {
      for (const { namespace, content } of bundles) i18n.addResourceBundle(language, namespace, content, true, true);
    });
    loading.catch(() => loadedLanguages.delete(language));
    loadedLanguages.set(language, loading);
  }
  return loading;
}

function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

function initialLanguage(): Language {
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initialLanguage(),
  // Both languages have every key (scripts/check-locales.mjs), so no other language is ever fetched as a fallback.
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  defaultNS: 'common',
  ns: ['common'],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Resolves when the interface language's messages are here: the app renders only then, with no untranslated flash. */
export const i18nReady: Promise<void> = loadLanguage(i18n.language as Language);

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language.slice(0, 2);
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Switches the interface language as soon as its messages are here, and remembers it in this browser. */
export async function applyLanguage(language: Language): Promise<void> {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await loadLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** For a screen that shows texts in both languages at once (e.g. default titles): true once both are loaded. */
export function useAllLanguagesLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let active = true;
    void Promise.all(LANGUAGES.map(loadLanguage)).then(() => {
      if (active) setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, []);
  return loaded;
}

export { i18n };
