import { useEffect, useState } from 'react';
import i18n, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@delego/contract';
import { FIRST_SCREEN_MESSAGE_FILES } from './first-screen-messages.ts';

const DEFAULT_LANGUAGE: Language = 'pl-PL';
/** The language chosen before login, so the login page keeps it; after login the user's own wins. */
const LANGUAGE_STORAGE_KEY = 'delego.language';

const FOLDER_LANGUAGES: Record<string, Language> = { pl: 'pl-PL', en: 'en-US' };

// Each language's messages are two chunks of their own (vite.config.ts groups `locales/<folder>/`): the
// login page's files and the rest. They are fetched only when that language is shown, and the rest only
// once a screen beyond the login page needs it: the browser never downloads the other language, and the
// login page never downloads the other screens' texts. A missing file still fails the build.
const localeFiles = import.meta.glob<ResourceLanguage>('../locales/*/*.json', { import: 'default' });

/** `first`: the login page's files (FIRST_SCREEN_MESSAGE_FILES); `all`: every file. */
export type MessageScope = 'first' | 'all';

const loadedFiles = new Map<string, Promise<void>>();

/** Adds a file's keys to its namespace: the parts of a namespace (`errors.login.json`, `errors.json`) are merged. */
function loadFile(language: Language, name: string, load: () => Promise<ResourceLanguage>): Promise<void> {
  const key = `${language}/${name}`;
  let loading = loadedFiles.get(key);
  if (!loading) {
    const namespace = name.split('.')[0] ?? name;
    loading = load().then((content) => {
      i18n.addResourceBundle(language, namespace, content, true, true);
    });
    loading.catch(() => loadedFiles.delete(key));
    loadedFiles.set(key, loading);
  }
  return loading;
}

/** Fetches a language's messages (each file once) and adds them to i18next. */
export function loadLanguage(language: Language, scope: MessageScope = 'all'): Promise<void> {
  const files = Object.entries(localeFiles).flatMap(([path, load]) => {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    const name = match?.[2];
    if (!match?.[1] || !name || FOLDER_LANGUAGES[match[1]] !== language) return [];
    return scope === 'all' || FIRST_SCREEN_MESSAGE_FILES.includes(name) ? [{ name, load }] : [];
  });
  return Promise.all(files.map(({ name, load }) => loadFile(language, name, load))).then(() => undefined);
}

/** Set once a screen beyond the login page has asked for every file: a language switch then fetches them all too. */
let allMessagesWanted = false;

/** Every message of the interface language: a screen beyond the login page (and the shell) loads with this. */
export function loadAllMessages(): Promise<void> {
  allMessagesWanted = true;
  return loadLanguage(i18n.language as Language, 'all');
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

/** Resolves when the login page's messages of the interface language are here: the app renders only then, with no untranslated flash. */
export const i18nReady: Promise<void> = loadLanguage(i18n.language as Language, 'first');

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language.slice(0, 2);
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Switches the interface language as soon as its messages are here, and remembers it in this browser. */
export async function applyLanguage(language: Language): Promise<void> {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await loadLanguage(language, 'first');
  // Checked after the first await: a screen may have asked for every namespace meanwhile (the shell after a login).
  if (allMessagesWanted) await loadLanguage(language, 'all');
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** For a screen that shows texts in both languages at once (e.g. default titles): true once both are loaded. */
export function useAllLanguagesLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let active = true;
    void Promise.all(LANGUAGES.map((language) => loadLanguage(language, 'all'))).then(() => {
      if (active) setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, []);
  return loaded;
}

export { i18n };
