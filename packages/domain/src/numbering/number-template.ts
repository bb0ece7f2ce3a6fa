import type { Issue } from '../common/errors.ts';
import { isLocalDate } from '../common/dates.ts';

/**
 * Document numbering (spec §3 "Document number template", §4 "Numbering", §5 "Number template mask").
 *
 * A mask is literal text with tags in square brackets, e.g. `DK/[N]/[MM]/[YYYY]` → `DK/7/03/2026`.
 * The counter behind `[N]` is kept per template, period and scope (see `numberPeriodKey` and
 * `numberScopeKey`); the server locks that counter row while it assigns a number, so numbers are
 * unique and gap-free within a period and scope.
 */

/** The documents a template numbers; `generalDocument` numbers every type without a template of its own. */
export const NUMBERING_DOCUMENT_TYPES = ['generalDocument', 'delegation', 'delegationOrder'] as const;
export type NumberingDocumentType = (typeof NUMBERING_DOCUMENT_TYPES)[number];

/** When the counter starts again from 1, and whether domestic and foreign trips count separately. */
export const NUMBERING_RESET_TYPES = [
  'basedOnMask',
  'monthly',
  'monthlyNationalSeparated',
  'yearly',
  'yearlyNationalSeparated',
  'static',
  'staticNationalSeparated',
] as const;
export type NumberingResetType = (typeof NUMBERING_RESET_TYPES)[number];

/** Every tag a mask may hold, in the order the editor lists them. */
export const NUMBER_MASK_TAGS = ['YYYY', 'YY', 'MM', 'M', 'DD', 'D', 'KZ', 'N', '0N', '00N', '000N', 'ORDER'] as const;
export type NumberMaskTag = (typeof NUMBER_MASK_TAGS)[number];

/** The labels `[KZ]` prints: K(raj) for a domestic trip, Z(agranica) for a foreign one. */
export const NATIONAL_LABELS = { domestic: 'K', foreign: 'Z' } as const;

/** Longest mask accepted; a rendered number stays a readable document identifier. */
export const NUMBER_MASK_MAX_LENGTH = 60;
/** Longest template description. */
export const NUMBER_TEMPLATE_DESCRIPTION_MAX_LENGTH = 500;

const YEAR_TAGS: readonly NumberMaskTag[] = ['YYYY', 'YY'];
const MONTH_TAGS: readonly NumberMaskTag[] = ['MM', 'M'];
const DAY_TAGS: readonly NumberMaskTag[] = ['DD', 'D'];
const NUMBER_TAGS: readonly NumberMaskTag[] = ['N', '0N', '00N', '000N'];
/** Width of each number tag: `[0N]` is "one leading zero", i.e. at least two digits (01 … 09, 10, …). */
const NUMBER_WIDTH: Record<string, number> = { N: 1, '0N': 2, '00N': 3, '000N': 4 };

const NATIONAL_SEPARATED: readonly NumberingResetType[] = ['monthlyNationalSeparated', 'yearlyNationalSeparated', 'staticNationalSeparated'];
const NEEDS_YEAR: readonly NumberingResetType[] = ['yearly', 'yearlyNationalSeparated', 'monthly', 'monthlyNationalSeparated'];
const NEEDS_MONTH: readonly NumberingResetType[] = ['monthly', 'monthlyNationalSeparated'];

/** One piece of a parsed mask: literal text or a tag. */
export type MaskPart = { kind: 'text'; text: string } | { kind: 'tag'; tag: NumberMaskTag };

export interface ParsedMask {
  parts: MaskPart[];
  /** Syntax problems (unknown tag, unclosed bracket), each at the path `['mask']`. */
  issues: Issue[];
}

function isTag(name: string): name is NumberMaskTag {
  return (NUMBER_MASK_TAGS as readonly string[]).includes(name);
}

/** Splits a mask into literal text and tags; unknown or unclosed tags are reported. */
export function parseNumberMask(mask: string): ParsedMask {
  const parts: MaskPart[] = [];
  const issues: Issue[] = [];
  let text = '';
  let index = 0;
  while (index < mask.length) {
    const char = mask[index] as string;
    if (char === ']') {
      issues.push({ path: ['mask'], code: 'numbering.mask.unexpectedBracket', params: { position: index + 1 } });
      index += 1;
      continue;
    }
    if (char !== '[') {
      text += char;
      index += 1;
      continue;
    }
    const close = mask.indexOf(']', index + 1);
    const nextOpen = mask.indexOf('[', index + 1);
    if (close === -1 || (nextOpen !== -1 && nextOpen < close)) {
      issues.push({ path: ['mask'], code: 'numbering.mask.unclosedTag', params: { position: index + 1 } });
      index += 1;
      continue;
    }
    const name = mask.slice(index + 1, close);
    if (isTag(name)) {
      if (text) parts.push({ kind: 'text', text });
      text = '';
      parts.push({ kind: 'tag', tag: name });
    } else {
      issues.push({ path: ['mask'], code: 'numbering.mask.unknownTag', params: { tag: `[${name}]` } });
    }
    index = close + 1;
  }
  if (text) parts.push({ kind: 'text', text });
  return { parts, issues };
}

function tagsOf(parts: readonly MaskPart[]): NumberMaskTag[] {
  return parts.flatMap((part) => (part.kind === 'tag' ? [part.tag] : []));
}

const hasAny = (tags: readonly NumberMaskTag[], wanted: readonly NumberMaskTag[]) => tags.some((tag) => wanted.includes(tag));

/** The fields of a template, as the form and the API carry them. */
export interface NumberTemplateInput {
  document_type: NumberingDocumentType;
  reset_type: NumberingResetType;
  mask: string;
  description?: string;
}

/**
 * The rules of spec §5 "Number template mask", each issue at its field:
 * - the mask parses (known tags, closed brackets), is not empty and not too long;
 * - a number tag is required (exactly one); for settlements `[ORDER]` may stand in for it, since
 *   the linked order's number is itself unique;
 * - yearly and monthly reset types need a year tag (otherwise next year's numbers repeat this year's);
 * - monthly reset types also need a month tag;
 * - the national-separated types need the `[KZ]` tag (otherwise domestic and foreign numbers collide);
 * - `[ORDER]` only on settlements (the only document linked to an order).
 */
export function validateNumberTemplate(input: NumberTemplateInput): Issue[] {
  const issues: Issue[] = [];
  const mask = input.mask.trim();
  if (mask.length === 0) return [{ path: ['mask'], code: 'global.error.required' }];
  if (mask.length > NUMBER_MASK_MAX_LENGTH) {
    issues.push({ path: ['mask'], code: 'numbering.mask.tooLong', params: { max: NUMBER_MASK_MAX_LENGTH } });
  }
  const parsed = parseNumberMask(mask);
  issues.push(...parsed.issues);
  const tags = tagsOf(parsed.parts);
  const numberTags = tags.filter((tag) => NUMBER_TAGS.includes(tag));
  const hasOrder = tags.includes('ORDER');
  if (numberTags.length === 0 && !hasOrder) issues.push({ path: ['mask'], code: 'numbering.mask.numberTagRequired' });
  if (numberTags.length > 1) issues.push({ path: ['mask'], code: 'numbering.mask.singleNumberTag' });
  if (hasOrder && input.document_type !== 'delegation') issues.push({ path: ['mask'], code: 'numbering.mask.orderTagOnlyForDelegation' });
  if (NEEDS_YEAR.includes(input.reset_type) && !hasAny(tags, YEAR_TAGS)) issues.push({ path: ['mask'], code: 'numbering.mask.yearTagRequired' });
  if (NEEDS_MONTH.includes(input.reset_type) && !hasAny(tags, MONTH_TAGS)) issues.push({ path: ['mask'], code: 'numbering.mask.monthTagRequired' });
  if (NATIONAL_SEPARATED.includes(input.reset_type) && !tags.includes('KZ')) {
    issues.push({ path: ['mask'], code: 'numbering.mask.nationalTagRequired' });
  }
  if ((input.description ?? '').length > NUMBER_TEMPLATE_DESCRIPTION_MAX_LENGTH) {
    issues.push({ path: ['description'], code: 'numbering.descriptionTooLong', params: { max: NUMBER_TEMPLATE_DESCRIPTION_MAX_LENGTH } });
  }
  return issues;
}

/** What a number is rendered for. */
export interface NumberContext {
  /** The document's base date (`YYYY-MM-DD`, Warsaw), chosen by the company's numbering base-date setting. */
  date: string;
  /** True for a foreign trip: `[KZ]` prints "Z" and national-separated templates count it apart. */
  isForeign: boolean;
  /** The rendered number of the linked order, for `[ORDER]`; null when there is none. */
  orderNumber?: string | null;
}

/** Whether the template keeps a counter (every mask with a number tag does; an `[ORDER]`-only mask does not). */
export function usesCounter(mask: string): boolean {
  return hasAny(tagsOf(parseNumberMask(mask).parts), NUMBER_TAGS);
}

/** Whether rendering needs the linked order's number. */
export function needsOrderNumber(mask: string): boolean {
  return tagsOf(parseNumberMask(mask).parts).includes('ORDER');
}

function dateParts(date: string) {
  if (!isLocalDate(date)) throw new RangeError(`not a calendar day: ${date}`);
  return { year: date.slice(0, 4), month: date.slice(5, 7), day: date.slice(8, 10) };
}

/**
 * The period a number belongs to: its counter restarts from 1 in every new period.
 * `static` never restarts; `yearly` and `monthly` restart with the year and month; `basedOnMask`
 * restarts whenever a date tag of the mask would print something new (the finest date tag wins).
 */
export function numberPeriodKey(template: Pick<NumberTemplateInput, 'reset_type' | 'mask'>, date: string): string {
  const { year, month, day } = dateParts(date);
  switch (template.reset_type) {
    case 'static':
    case 'staticNationalSeparated':
      return 'all';
    case 'yearly':
    case 'yearlyNationalSeparated':
      return year;
    case 'monthly':
    case 'monthlyNationalSeparated':
      return `${year}-${month}`;
    case 'basedOnMask': {
      const tags = tagsOf(parseNumberMask(template.mask).parts);
      const key = [
        hasAny(tags, YEAR_TAGS) ? `Y${year}` : null,
        hasAny(tags, MONTH_TAGS) ? `M${month}` : null,
        hasAny(tags, DAY_TAGS) ? `D${day}` : null,
      ].filter((part): part is string => part !== null);
      return key.length === 0 ? 'all' : key.join('-');
    }
  }
}

/** Whether domestic and foreign trips count separately under this template. */
export function isNationalSeparated(template: Pick<NumberTemplateInput, 'reset_type' | 'mask'>): boolean {
  if (NATIONAL_SEPARATED.includes(template.reset_type)) return true;
  return template.reset_type === 'basedOnMask' && tagsOf(parseNumberMask(template.mask).parts).includes('KZ');
}

/** The scope a number counts in: `domestic` or `foreign` for national-separated templates, else `all`. */
export function numberScopeKey(template: Pick<NumberTemplateInput, 'reset_type' | 'mask'>, isForeign: boolean): string {
  if (!isNationalSeparated(template)) return 'all';
  return isForeign ? 'foreign' : 'domestic';
}

/**
 * Renders a number from a valid mask. `sequence` is the counter value (1-based); it is ignored by
 * masks without a number tag. Throws when the mask needs the order's number and there is none.
 */
export function formatDocumentNumber(mask: string, context: NumberContext, sequence: number): string {
  const { year, month, day } = dateParts(context.date);
  return parseNumberMask(mask.trim())
    .parts.map((part) => {
      if (part.kind === 'text') return part.text;
      switch (part.tag) {
        case 'YYYY':
          return year;
        case 'YY':
          return year.slice(2);
        case 'MM':
          return month;
        case 'M':
          return String(Number(month));
        case 'DD':
          return day;
        case 'D':
          return String(Number(day));
        case 'KZ':
          return context.isForeign ? NATIONAL_LABELS.foreign : NATIONAL_LABELS.domestic;
        case 'ORDER':
          if (!context.orderNumber) throw new OrderNumberMissingError();
          return context.orderNumber;
        default:
          return String(sequence).padStart(NUMBER_WIDTH[part.tag] ?? 1, '0');
      }
    })
    .join('');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The counter value a number stands for under a mask, for a document of `context` (the period and
 * scope it would be counted in): `DK/[N]/[YYYY]` reads `DK/7/2026` as 7. Null when the number does
 * not follow the mask there (another period, another label, other padding, free text), or the mask
 * has no counter: such a number is outside the template's sequence.
 */
export function sequenceOfNumber(mask: string, context: NumberContext, number: string): number | null {
  const parts = parseNumberMask(mask.trim()).parts;
  if (!hasAny(tagsOf(parts), NUMBER_TAGS)) return null;
  let pattern = '';
  for (const part of parts) {
    if (part.kind === 'text') pattern += escapeRegExp(part.text);
    else if (NUMBER_TAGS.includes(part.tag)) pattern += '(\\d+)';
    else if (part.tag === 'ORDER' && !context.orderNumber) return null;
    else pattern += escapeRegExp(formatDocumentNumber(`[${part.tag}]`, context, 0));
  }
  const match = new RegExp(`^${pattern}$`).exec(number);
  if (!match) return null;
  const sequence = Number(match[1]);
  // `[0N]` reads "07" as 7 but "7" is not what it prints: only the printed form is in the sequence.
  return sequence >= 1 && formatDocumentNumber(mask, context, sequence) === number ? sequence : null;
}

/** The mask copies the linked order's number, but the document has no linked order with a number. */
export class OrderNumberMissingError extends Error {
  constructor() {
    super('the mask copies the linked order number, but there is none');
    this.name = 'OrderNumberMissingError';
  }
}

/** The counter of one period and scope, as the server keeps it. */
export interface NumberCounterState {
  period_key: string;
  scope_key: string;
  last_value: number;
}

/**
 * The next `count` numbers a template would give for a document of `context`, continuing from the
 * counters already used (the editor's live preview). Null when the mask or the date is not valid.
 */
export function previewDocumentNumbers(
  template: NumberTemplateInput,
  context: NumberContext,
  options: { count?: number; counters?: readonly NumberCounterState[] } = {},
): string[] | null {
  if (!isLocalDate(context.date) || validateNumberTemplate(template).some((issue) => issue.path[0] === 'mask')) return null;
  const periodKey = numberPeriodKey(template, context.date);
  const scopeKey = numberScopeKey(template, context.isForeign);
  const last = options.counters?.find((counter) => counter.period_key === periodKey && counter.scope_key === scopeKey)?.last_value ?? 0;
  const count = usesCounter(template.mask) ? (options.count ?? 3) : 1;
  try {
    return Array.from({ length: count }, (_, offset) => formatDocumentNumber(template.mask, context, last + offset + 1));
  } catch (error) {
    if (error instanceof OrderNumberMissingError) return null;
    throw error;
  }
}
