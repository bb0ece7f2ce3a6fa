import { AppError, ErrorCode, KNOWN_ADDRESS_DAYS, LOGIN_FAILURE_WINDOW_MS, LOGIN_FREE_FAILURES_PER_ADDRESS, defaultSystemSettings, loginDelaySeconds } from '@delego/domain';
import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import type { CompanyRecord } from '../company/company.repo.ts';
import { authRepo, type GuardState, type SignedIn } from './auth.repo.ts';

/** Whose sign-in is tried: the company code and login as typed, lower-cased (known or not). */
export interface SignInKey {
  companyCode: string;
  login: string;
}

export const signInKeyOf = (company: string, login: string): SignInKey => ({ companyCode: company.trim().toLowerCase(), login: login.trim().toLowerCase() });

export function lockedError(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(ErrorCode.loginLocked, { messages: ['Too many login attempts'], params: { minutes: Math.ceil(seconds / 60), retryAfterSeconds: seconds } });
}

/**
 * The login throttle and account lock (ADR 0015) around every secret a sign-in checks: the password,
 * and the second factor's code after it. A wrong code counts exactly as a wrong password, so knowing
 * the password buys an attacker no extra guesses; only a whole sign-in (both steps) forgets the failures.
 */
export function createSignInGuard(deps: { db: Database; loginFailuresPerAddress: number }) {
  const { db } = deps;
  const knownSince = (now: Date) => new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);

  /**
   * Refuses while a delay runs, or while the login is locked and the address is not one it signed in from;
   * answers whether it is.
   */
  function admit(state: GuardState, now: Date): { knownAddress: boolean } {
    const { throttledUntil, knownAddress, lockedUntil } = state;
    if (throttledUntil) throw lockedError(throttledUntil, now);
    if (!knownAddress && lockedUntil && lockedUntil > now) throw lockedError(lockedUntil, now);
    return { knownAddress };
  }

  /** What a whole sign-in that succeeded writes (`succeeded`; `authRepo.openSession` writes it with the session). */
  const signedIn = (key: SignInKey, address: string, now: Date): SignedIn => ({ key, address, now, forgetBefore: knownSince(now) });

  return {
    knownSince,
    admit,
    signedIn,

    /** `admit` on the state the database holds now. */
    async check(key: SignInKey, address: string, now: Date): Promise<{ knownAddress: boolean }> {
      return admit(await authRepo.guardState(db, key, address, now, knownSince(now)), now);
    },

    /**
     * Counts a failure (growing delays per login and address, and per address; the account lock from
     * unknown addresses) and audits it. Returns the lock error when this failure locked the login.
     */
    async failed(
      ctx: RequestContext,
      attempt: { key: SignInKey; company: CompanyRecord | null; userId: number | null; knownAddress: boolean; now: Date; action: string },
    ): Promise<AppError | null> {
      const { key, company, knownAddress, now } = attempt;
      const limits = company?.settings ?? defaultSystemSettings();
      await authRepo.recordThrottledFailure(db, key, ctx.ip, now, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS), {
        login: (failures) => loginDelaySeconds(failures, LOGIN_FREE_FAILURES_PER_ADDRESS),
        address: (failures) => loginDelaySeconds(failures, deps.loginFailuresPerAddress),
      });
      const lockedUntil = knownAddress ? null : await authRepo.recordFailedLogin(db, key, now, limits.failed_login_limit, limits.lock_minutes);
      await recordAudit(db, ctx, {
        companyId: company?.id ?? null,
        userId: attempt.userId,
        action: attempt.action,
        entityType: 'session',
        after: { company: key.companyCode, login: key.login, locked: lockedUntil !== null },
      });
      return lockedUntil ? lockedError(lockedUntil, now) : null;
    },

    /** A whole sign-in succeeded: its failures are forgotten (unless a lock runs) and the address becomes known. */
    async succeeded(key: SignInKey, address: string, now: Date): Promise<void> {
      await authRepo.recordSignIn(db, signedIn(key, address, now));
    },
  };
}
export type SignInGuard = ReturnType<typeof createSignInGuard>;
