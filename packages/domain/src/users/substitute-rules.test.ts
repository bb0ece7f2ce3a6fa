import { describe, expect, it } from 'vitest';
import { isSubstitutionActive, substitutionState, validateSubstitute } from './substitute-rules.ts';

const base = { absent_user_id: 1, substitute_user_id: 2, date_from: null, date_to: null, comment: '' };

describe('substitution period', () => {
  it('covers its first and last day, and open ends never limit it', () => {
    const period = { date_from: '2026-06-01', date_to: '2026-06-14' };
    expect(substitutionState(period, '2026-05-31')).toBe('upcoming');
    expect(isSubstitutionActive(period, '2026-06-01')).toBe(true);
    expect(isSubstitutionActive(period, '2026-06-14')).toBe(true);
    expect(substitutionState(period, '2026-06-15')).toBe('past');
    expect(isSubstitutionActive({ date_from: null, date_to: null }, '1999-01-01')).toBe(true);
    expect(isSubstitutionActive({ date_from: null, date_to: '2026-06-14' }, '2026-06-15')).toBe(false);
    expect(isSubstitutionActive({ date_from: '2026-06-01', date_to: null }, '2099-12-31')).toBe(true);
  });
});

describe('validateSubstitute', () => {
  it('accepts two different people with or without a period', () => {
    expect(validateSubstitute(base, '2026-06-01')).toEqual([]);
    expect(validateSubstitute({ ...base, date_from: '2026-06-01', date_to: '2026-06-01' }, '2026-06-01')).toEqual([]);
  });

  it('requires both people and refuses the absent user as their own substitute', () => {
    expect(validateSubstitute({ ...base, absent_user_id: null, substitute_user_id: null }, '2026-06-01').map((issue) => issue.code)).toEqual([
      'global.error.required',
      'global.error.required',
    ]);
    expect(validateSubstitute({ ...base, substitute_user_id: 1 }, '2026-06-01')).toEqual([{ path: ['substitute_user_id'], code: 'substitute.sameUser' }]);
  });

  it('refuses an end before the start, and a new end already over unless it was saved so', () => {
    expect(validateSubstitute({ ...base, date_from: '2026-06-10', date_to: '2026-06-09' }, '2026-06-01')).toEqual([{ path: ['date_to'], code: 'validation.dateRange' }]);
    expect(validateSubstitute({ ...base, date_to: '2026-05-31' }, '2026-06-01')).toEqual([{ path: ['date_to'], code: 'validation.dateInPast' }]);
    expect(validateSubstitute({ ...base, date_to: '2026-05-31' }, '2026-06-01', { date_from: null, date_to: '2026-05-31' })).toEqual([]);
  });

  it('limits the comment length', () => {
    expect(validateSubstitute({ ...base, comment: 'x'.repeat(1001) }, '2026-06-01')).toEqual([{ path: ['comment'], code: 'validation.tooLong', params: { maximum: 1000 } }]);
  });
});
