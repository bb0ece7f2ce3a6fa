/**
 * Two-factor sign-in with a time-based one-time password (RFC 6238) and one-time recovery codes
 * (ASVS 5.0 6.3.3: multi-factor authentication at level 2; 4.0.3 4.3.1: administrative interfaces).
 * The rules of who must use it live here, so the server and the screens read them alike.
 */

/** RFC 6238's defaults, the ones every authenticator app supports: SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/**
 * Codes of the step before and after the current one are taken too (RFC 6238 §5.2 recommends at most
 * one step of allowed drift), so a phone clock a few seconds off, or a code typed at the end of its
 * step, still signs in. Each step is accepted once per user (replay refused).
 */
export const TOTP_ALLOWED_DRIFT_STEPS = 1;
/** Recovery codes handed out at enrolment and at each regeneration; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the answer to the password step lasts for the second step (or the enrolment it requires). */
export const SIGN_IN_STEP_TTL_MINUTES = 10;

export interface TwoFactorSubject {
  /** Signing in to the provider-admin company (`admin`): every such user is a provider administrator (spec §6). */
  isAdminContext: boolean;
  /** Holds `companyAdmin` (directly, by a role or by a transfer). */
  isCompanyAdmin: boolean;
  /** The company's setting 'require two-factor sign-in for administrators'. */
  requiredForAdministrators: boolean;
}

/**
 * Whether the user must sign in with a second factor, enrolling at the next sign-in if they have none:
 * always in the provider-admin context (it reaches every company's data), and for a company's
 * administrators when the company asks for it.
 */
export function isTwoFactorRequired(subject: TwoFactorSubject): boolean {
  return subject.isAdminContext || (subject.requiredForAdministrators && subject.isCompanyAdmin);
}

/** A code as typed: spaces and dashes are only for reading. */
export function normaliseOneTimeCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toLowerCase();
}

/** Whether a typed code has the form of an authenticator code (else it is taken for a recovery code). */
export function isTotpCodeForm(typed: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normaliseOneTimeCode(typed));
}
