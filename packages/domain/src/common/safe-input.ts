import type { Issue } from './errors.ts';

/**
 * What PostgreSQL cannot store, refused at the door with a field issue instead of failing deep in a
 * query with a 500: integers beyond its 32-bit `integer` (every id and count column), text with a NUL
 * character (a `text` value cannot hold one) or a lone UTF-16 surrogate (not valid UTF-8, so no
 * encoding of it reaches the server). Impossible calendar dates and decimals beyond a column's
 * precision are refused by the contract's field schemas (`@delego/contract` primitives).
 */

/** The largest value of PostgreSQL's `integer` (and of every id column). */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/** Issue codes of this guard (translated in the web's `errors` namespace). */
export const UNSAFE_INPUT_CODES = {
  characters: 'validation.invalidCharacters',
  range: 'validation.valueOutOfRange',
} as const;

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- the NUL character is what is looked for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text can be stored as PostgreSQL text (no NUL, no lone surrogate). */
export function isStorableText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/** Whether a JSON number fits the 32-bit integer range PostgreSQL's integer columns take. */
export function isWithinInt32(value: number): boolean {
  return Number.isFinite(value) && value >= INT32_MIN && value <= INT32_MAX;
}

/** The deepest nesting looked at; deeper input is refused whole (no request needs it). */
const MAX_DEPTH = 64;

/**
 * Every place in a parsed request (body, query or params; keys included) holding text PostgreSQL
 * cannot store or a number beyond the 32-bit range, as field issues. No request field legitimately
 * carries a number that large: amounts and rates travel as decimal strings (ADR 0004).
 */
export function findUnstorableInput(value: unknown, path: (string | number)[] = [], issues: Issue[] = [], depth = 0): Issue[] {
  if (depth > MAX_DEPTH) {
    issues.push({ path, code: UNSAFE_INPUT_CODES.range });
    return issues;
  }
  if (typeof value === 'string') {
    if (!isStorableText(value)) issues.push({ path, code: UNSAFE_INPUT_CODES.characters });
  } else if (typeof value === 'number') {
    if (!isWithinInt32(Math.trunc(value))) issues.push({ path, code: UNSAFE_INPUT_CODES.range });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => findUnstorableInput(item, [...path, index], issues, depth + 1));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) issues.push({ path: [...path, key], code: UNSAFE_INPUT_CODES.characters });
      else findUnstorableInput(item, [...path, key], issues, depth + 1);
    }
  }
  return issues;
}
