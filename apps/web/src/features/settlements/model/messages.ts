import type { i18n as I18n } from 'i18next';
import type { Explanation, Issue } from '@delego/domain';
import { formatParams } from '@delego/domain';

const ENGINE_NS = 'settlement';
/** The rules the server applies on save (the order, other settlements, files). */
const SAVE_NS = 'settlements';
const ERRORS_NS = 'errors';

/** An engine explanation (`{ code, params }`) in the interface language, its decimals formatted. */
export function explanationText(i18n: I18n, explanation: Explanation): string {
  return i18n.t(explanation.code, { ns: ENGINE_NS, ...formatParams(explanation.params, i18n.language) });
}

/**
 * An issue of `form-field-changed` or `save-standard` in the interface language: the engine's
 * messages first (`settlement` namespace), then the save rules (`settlements`), then the shared
 * catalogue (`errors`), else the generic text.
 */
export function issueText(i18n: I18n, issue: Pick<Issue, 'code' | 'params'>): string {
  const params = formatParams(issue.params, i18n.language);
  if (i18n.exists(issue.code, { ns: ENGINE_NS, ...params })) return i18n.t(issue.code, { ns: ENGINE_NS, ...params });
  if (i18n.exists(issue.code, { ns: SAVE_NS, ...params })) return i18n.t(issue.code, { ns: SAVE_NS, ...params });
  if (i18n.exists(issue.code, { ns: ERRORS_NS, ...params })) return i18n.t(issue.code, { ns: ERRORS_NS, ...params });
  return i18n.t('invalidValue', { ns: ERRORS_NS });
}
