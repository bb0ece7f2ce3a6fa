import { formatParams } from '@delego/domain';
import { i18n } from './i18n.ts';

const ERRORS_NS = 'errors';

/** Spec §8: a server text is looked up with its punctuation and spaces removed. */
export function serverMessageKey(text: string): string {
  return text.replace(/[\p{P}\s]/gu, '');
}

/** The translated catalogue text for a server message; unknown texts give the generic error. */
export function translateServerMessage(text: string): string {
  const key = `messages.${serverMessageKey(text)}`;
  return i18n.exists(key, { ns: ERRORS_NS }) ? i18n.t(key, { ns: ERRORS_NS }) : i18n.t('generic', { ns: ERRORS_NS });
}

/**
 * The translation of a validation code (a translation key such as `global.error.required`
 * or `validation.password.tooShort`) with its parameters; unknown codes give a generic text.
 */
export function translateIssueCode(code: string, params: Record<string, string | number> = {}): string {
  // The parameters go to the lookup too: a code with a `count` may exist only in its plural forms.
  const shown = formatParams(params, i18n.language);
  return i18n.exists(code, { ns: ERRORS_NS, ...shown }) ? i18n.t(code, { ns: ERRORS_NS, ...shown }) : i18n.t('invalidValue', { ns: ERRORS_NS });
}
