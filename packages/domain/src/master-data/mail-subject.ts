import type { Issue } from '../common/errors.ts';

/** The tags a travel-service e-mail subject may use, each replaced by the order's value. */
export const TRAVEL_MAIL_SUBJECT_TAGS = [
  'order_number',
  'traveller',
  'service_type',
  'start_date',
  'end_date',
  'destination',
  'status',
  'company',
] as const;
export type TravelMailSubjectTag = (typeof TRAVEL_MAIL_SUBJECT_TAGS)[number];

export const TRAVEL_MAIL_SUBJECT_MAX_LENGTH = 200;

/** The subject a company starts with. */
export const DEFAULT_TRAVEL_MAIL_SUBJECT = 'Zamówienie {order_number}: {service_type} – {traveller}, {start_date}, {destination}';

const TAG = /\{([^{}]*)\}/g;

/** Unknown tags and braces that open or close no tag, at `template`. */
export function travelMailSubjectIssues(template: string): Issue[] {
  const path = ['template'];
  if (template.trim() === '') return [{ path, code: 'global.error.required' }];
  if (template.length > TRAVEL_MAIL_SUBJECT_MAX_LENGTH) return [{ path, code: 'validation.tooLong' }];
  if (/[\r\n]/.test(template)) return [{ path, code: 'travelMailSubject.singleLine' }];
  const issues: Issue[] = [];
  const unknown = new Set<string>();
  for (const match of template.matchAll(TAG)) {
    const tag = match[1]!;
    if (!(TRAVEL_MAIL_SUBJECT_TAGS as readonly string[]).includes(tag)) unknown.add(tag);
  }
  for (const tag of unknown) issues.push({ path, code: 'travelMailSubject.unknownTag', params: { tag: `{${tag}}` } });
  if (/[{}]/.test(template.replace(TAG, ''))) issues.push({ path, code: 'travelMailSubject.unbalancedBrace' });
  return issues;
}

/** The subject with every known tag replaced; a missing value leaves the tag's place empty. */
export function renderTravelMailSubject(template: string, values: Partial<Record<TravelMailSubjectTag, string>>): string {
  return template
    .replace(TAG, (whole, tag: string) => ((TRAVEL_MAIL_SUBJECT_TAGS as readonly string[]).includes(tag) ? (values[tag as TravelMailSubjectTag] ?? '') : whole))
    .replace(/\s{2,}/g, ' ')
    .trim();
}
