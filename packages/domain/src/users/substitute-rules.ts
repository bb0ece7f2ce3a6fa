import type { Issue } from '../common/errors.ts';

/** The longest comment of a substitution (spec §3 Substitute: free text). */
export const SUBSTITUTE_COMMENT_MAX_LENGTH = 1000;

/** A substitution's period (spec §3 Substitute): either end may be open. */
export interface SubstitutionPeriod {
  date_from: string | null;
  date_to: string | null;
}

export interface SubstituteFields extends SubstitutionPeriod {
  absent_user_id: number | null;
  substitute_user_id: number | null;
  comment: string;
}

export type SubstitutionState = 'current' | 'upcoming' | 'past';

/** Where a substitution stands on the Warsaw calendar day `today` (YYYY-MM-DD). */
export function substitutionState(period: SubstitutionPeriod, today: string): SubstitutionState {
  if (period.date_from !== null && period.date_from > today) return 'upcoming';
  if (period.date_to !== null && period.date_to < today) return 'past';
  return 'current';
}

/** Whether the substitute may act for the absent user on `today`: the period includes the day, open ends never limit it. */
export function isSubstitutionActive(period: SubstitutionPeriod, today: string): boolean {
  return substitutionState(period, today) === 'current';
}

/**
 * The rules of a substitution the form and the server both apply: both people chosen and
 * different, a period whose end is not before its start, and a new or moved end that is not
 * already over (`previous` is the saved period when editing).
 */
export function validateSubstitute(fields: SubstituteFields, today: string, previous: SubstitutionPeriod | null = null): Issue[] {
  const issues: Issue[] = [];
  if (fields.absent_user_id === null) issues.push({ path: ['absent_user_id'], code: 'global.error.required' });
  if (fields.substitute_user_id === null) issues.push({ path: ['substitute_user_id'], code: 'global.error.required' });
  else if (fields.absent_user_id !== null && fields.absent_user_id === fields.substitute_user_id) {
    issues.push({ path: ['substitute_user_id'], code: 'substitute.sameUser' });
  }
  if (fields.date_from !== null && fields.date_to !== null && fields.date_to < fields.date_from) {
    issues.push({ path: ['date_to'], code: 'validation.dateRange' });
  } else if (fields.date_to !== null && fields.date_to < today && fields.date_to !== previous?.date_to) {
    issues.push({ path: ['date_to'], code: 'validation.dateInPast' });
  }
  if (fields.comment.trim().length > SUBSTITUTE_COMMENT_MAX_LENGTH) {
    issues.push({ path: ['comment'], code: 'validation.tooLong', params: { maximum: SUBSTITUTE_COMMENT_MAX_LENGTH } });
  }
  return issues;
}
