import i18n, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@delego/contract';

const DEFAULT_LANGUAGE: Language = 'pl-PL';
/** The language chosen before login, so the login page keeps it; after login the user's own wins. */
const LANGUAGE_STORAGE_KEY = 'delego.language';

const FOLDER_LANGUAGES: Record<string, Language> = { pl: 'pl-PL', en: 'en-US' };

// Bundled eagerly: the app never waits for a translation request, and a missing file fails the build.
const localeFiles = import.meta.glob<ResourceLanguage>('../locales/*/*.json', { eager: true, import: 'default' });

function buildResources(files: Record<string, ResourceLanguage>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    const language = match?.[1] ? FOLDER_LANGUAGES[match[1]] : undefined;
    if (!match?.[2] || !language) continue;
    resources[language] = { ...resources[language], [match[2]]: content };
  }
  return resources;
}

function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

function initialLanguage(): Language {
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources: buildResources(localeFiles),
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  ns: ['common'],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language.slice(0, 2);
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Switches the interface language at once and remembers it in this browser. */
export async function applyLanguage(language: Language): Promise<void> {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export { i18n };
