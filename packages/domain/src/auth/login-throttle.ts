/**
 * How sign-in resists guessing without letting an outsider lock a known login out for everyone
 * (ASVS 5.0 6.1.1, 6.3.1; OWASP Authentication cheat sheet, "account lockout").
 *
 * Three counters, all kept whether or not the login exists, so no answer tells which logins do:
 * - per login and address: each failure beyond the first few makes the next attempt from that
 *   address for that login wait twice as long (growing delay, capped);
 * - per address, whatever the login: the same growing delay once an address has failed more often
 *   than an office behind one address would (credential stuffing over many logins);
 * - the account lock (the company's `failed_login_limit` failures lock for `lock_minutes`): counted
 *   and applied only to addresses that have never signed in to that login successfully, so the
 *   owner keeps signing in from their usual addresses while someone elsewhere hammers the login.
 * Every refusal while a delay or a lock runs is the same 'Too many login attempts' answer.
 */

/** Failures of one login from one address that cost no delay (typing mistakes). */
export const LOGIN_FREE_FAILURES_PER_ADDRESS = 3;

/** The first delay, doubled by each further failure. */
export const LOGIN_BASE_DELAY_SECONDS = 1;

/** The longest delay, reached after about ten failures beyond the free ones. */
export const LOGIN_MAX_DELAY_SECONDS = 15 * 60;

/**
 * A counter starts afresh after this long without a failure. Longer than the longest delay, so
 * someone who waits out each delay never gets a fresh count.
 */
export const LOGIN_FAILURE_WINDOW_MS = 60 * 60_000;

/** An address counts as the login's own for this long after its last successful sign-in. */
export const KNOWN_ADDRESS_DAYS = 90;

/**
 * How long the next attempt waits after the `failures`-th failure within the window, in seconds;
 * 0 while the failures are within the free ones.
 */
export function loginDelaySeconds(failures: number, freeFailures: number): number {
  if (failures <= freeFailures) return 0;
  const exponent = Math.min(failures - freeFailures - 1, 30);
  return Math.min(LOGIN_BASE_DELAY_SECONDS * 2 ** exponent, LOGIN_MAX_DELAY_SECONDS);
}
