import type { Issue } from '../common/errors.ts';

/** A company's password policy (spec §5 User, configurable per company). */
export interface PasswordPolicy {
  min_length: number;
  require_lowercase: boolean;
  require_uppercase: boolean;
  require_digit: boolean;
  require_special: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  min_length: 8,
  require_lowercase: true,
  require_uppercase: true,
  require_digit: true,
  require_special: true,
};

/**
 * Checks a new password against the policy and, when `isCommon` is given (the server's list of common and
 * breached passwords), against that list. Returns issues on `path` with codes translated by the web
 * (`validation.password.*`).
 */
export function validateNewPassword(
  password: string,
  policy: PasswordPolicy,
  options: { path?: (string | number)[]; repeated?: string; isCommon?: (candidate: string) => boolean } = {},
): Issue[] {
  const path = options.path ?? ['password'];
  const issues: Issue[] = [];
  if (password.length === 0) return [{ path, code: 'validation.required' }];
  if (password.length < policy.min_length) {
    issues.push({ path, code: 'validation.password.tooShort', params: { min: policy.min_length } });
  }
  if (policy.require_lowercase && !/\p{Ll}/u.test(password)) issues.push({ path, code: 'validation.password.lowercase' });
  if (policy.require_uppercase && !/\p{Lu}/u.test(password)) issues.push({ path, code: 'validation.password.uppercase' });
  if (policy.require_digit && !/\d/.test(password)) issues.push({ path, code: 'validation.password.digit' });
  if (policy.require_special && !/[^\p{L}\d\s]/u.test(password)) issues.push({ path, code: 'validation.password.special' });
  if (options.isCommon?.(password)) issues.push({ path, code: 'validation.password.common' });
  if (options.repeated !== undefined && options.repeated !== password) {
    issues.push({ path: ['repeat_password'], code: 'validation.password.mismatch' });
  }
  return issues;
}

/** Password-expiry choices (spec §9) and their lengths in days. */
export const PASSWORD_EXPIRY_CHOICES = ['never', 'week', 'twoWeeks', 'month', 'threeMonths', 'halfYear', 'year'] as const;
export type PasswordExpiry = (typeof PASSWORD_EXPIRY_CHOICES)[number];

const EXPIRY_MONTHS_OR_DAYS: Record<PasswordExpiry, { days?: number; months?: number } | null> = {
  never: null,
  week: { days: 7 },
  twoWeeks: { days: 14 },
  month: { months: 1 },
  threeMonths: { months: 3 },
  halfYear: { months: 6 },
  year: { months: 12 },
};

/** When a password set at `changedAt` expires under `expiry`, or null for never. */
export function passwordExpiresAt(changedAt: Date, expiry: PasswordExpiry): Date | null {
  const span = EXPIRY_MONTHS_OR_DAYS[expiry];
  if (!span) return null;
  const result = new Date(changedAt.getTime());
  if (span.days) result.setUTCDate(result.getUTCDate() + span.days);
  if (span.months) result.setUTCMonth(result.getUTCMonth() + span.months);
  return result;
}
