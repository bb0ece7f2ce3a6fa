import { ADMIN_COMPANY_CODE, AppError, ErrorCode, isTotpCodeForm, isTwoFactorRequired, normaliseOneTimeCode, toLocalDate } from '@delego/domain';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldError } from '../../lib/app-errors.ts';
import type { AuthenticatedContext, RequestContext } from '../../http/request-context.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { companyRepo, type CompanyRecord } from '../company/company.repo.ts';
import { authRepo, type UserRow } from './auth.repo.ts';
import { passwordHasher } from './password-hasher.ts';
import type { PermissionMapCache } from './permission-map-cache.ts';
import { signInKeyOf, type SignInGuard } from './sign-in-guard.ts';
import { enrolmentPicture, generateRecoveryCodes, generateTotpSecret, matchTotpStep, type SecretBox } from './two-factor-crypto.ts';
import { twoFactorRepo } from './two-factor.repo.ts';

export interface TwoFactorServiceDeps {
  db: Database;
  clock: Clock;
  box: SecretBox;
  guard: SignInGuard;
  permissionMaps: PermissionMapCache;
}

/** What a typed code turned out to be: accepted (and spent), not a valid code, or one already used. */
export type CodeCheck = 'accepted' | 'wrong' | 'used';

export const wrongCodeError = () => fieldError(['code'], 'validation.twoFactor.wrongCode');
export const usedCodeError = () => fieldError(['code'], 'validation.twoFactor.codeUsed');

/**
 * The second factor of a sign-in (ADR 0026): an RFC 6238 authenticator and ten one-time recovery codes
 * per user. Used by the sign-in's second step (`auth.service.ts`) and by the user's own profile.
 */
export function createTwoFactorService(deps: TwoFactorServiceDeps) {
  const { db, clock, box, guard } = deps;

  /**
   * Whether the user must have a second factor. `actorVersion`: the company's, when the caller read it in this
   * request after its own last change of the company's users and roles (`PermissionMapCache.mapAt`).
   */
  async function isRequired(company: CompanyRecord, user: UserRow, actorVersion?: number): Promise<boolean> {
    const today = toLocalDate(clock.now());
    const permissions =
      actorVersion === undefined ? await deps.permissionMaps.mapOf(db, company.id, user.id, today) : await deps.permissionMaps.mapAt(db, company.id, actorVersion, user.id, today);
    return isTwoFactorRequired({
      isAdminContext: company.code.toLowerCase() === ADMIN_COMPANY_CODE,
      isCompanyAdmin: permissions.companyAdmin === true,
      requiredForAdministrators: company.settings.two_factor_for_administrators,
    });
  }

  /** Checks a code of a user with a confirmed authenticator and spends it: a TOTP step or a recovery code works once. */
  async function checkCode(ctx: RequestContext, company: CompanyRecord, user: UserRow, typed: string, now: Date): Promise<CodeCheck> {
    const row = await twoFactorRepo.find(db, company.id, user.id);
    if (!row?.confirmedAt) return 'wrong';
    if (isTotpCodeForm(typed)) {
      const step = matchTotpStep(box.open(row.secretCiphertext), typed, now);
      if (step === null) return 'wrong';
      return (await twoFactorRepo.spendStep(db, company.id, user.id, step)) ? 'accepted' : 'used';
    }
    const normalised = normaliseOneTimeCode(typed);
    for (const code of await twoFactorRepo.unusedRecoveryCodes(db, company.id, user.id)) {
      if (!(await passwordHasher.verify(code.codeHash, normalised))) continue;
      if (!(await twoFactorRepo.spendRecoveryCode(db, company.id, user.id, code.id, now))) return 'used';
      await recordAudit(db, ctx, { companyId: company.id, userId: user.id, action: 'auth.recoveryCodeUsed', entityType: 'user', entityId: user.id });
      return 'accepted';
    }
    return 'wrong';
  }

  /** New recovery codes replace the old ones; only their hashes are kept. */
  async function issueRecoveryCodes(tx: Transaction, companyId: number, userId: number, now: Date): Promise<string[]> {
    const codes = generateRecoveryCodes();
    const hashes = await Promise.all(codes.map((code) => passwordHasher.hash(normaliseOneTimeCode(code))));
    await twoFactorRepo.replaceRecoveryCodes(tx, companyId, userId, hashes, now);
    return codes;
  }

  /** Starts (or restarts) an enrolment; refused while an authenticator is already confirmed. */
  async function beginEnrolment(company: CompanyRecord, user: UserRow) {
    const now = clock.now();
    const secret = generateTotpSecret();
    if (!(await twoFactorRepo.savePending(db, company.id, user.id, box.seal(secret), now))) {
      throw new AppError(ErrorCode.conflict, { issues: [{ path: ['code'], code: 'validation.twoFactor.alreadyEnabled' }] });
    }
    const picture = await enrolmentPicture(secret, `${user.login} (${company.code})`);
    return { secret, otpauth_uri: picture.uri, qr_code: picture.qrDataUrl };
  }

  /**
   * Confirms a started enrolment with its first code (which is spent, like any other). Returns the
   * recovery codes, or the check's outcome when the code is not accepted.
   */
  async function finishEnrolment(ctx: RequestContext, company: CompanyRecord, user: UserRow, typed: string, now: Date): Promise<string[] | Exclude<CodeCheck, 'accepted'>> {
    const row = await twoFactorRepo.find(db, company.id, user.id);
    if (!row || row.confirmedAt) throw fieldError(['code'], 'validation.twoFactor.notStarted');
    const step = isTotpCodeForm(typed) ? matchTotpStep(box.open(row.secretCiphertext), typed, now) : null;
    if (step === null) return 'wrong';
    if (!(await twoFactorRepo.spendStep(db, company.id, user.id, step))) return 'used';
    return db.transaction(async (tx) => {
      await twoFactorRepo.confirm(tx, company.id, user.id, now);
      const codes = await issueRecoveryCodes(tx, company.id, user.id, now);
      await recordAudit(tx, ctx, { companyId: company.id, userId: user.id, action: 'auth.twoFactorEnabled', entityType: 'user', entityId: user.id });
      return codes;
    });
  }

  /**
   * The signed-in user's own account: never the colleague acted for in login-as, nor the administrator a
   * provider administrator acts as inside a company's context (their own company is then `providerCompanyId`).
   */
  async function ownAccount(ctx: AuthenticatedContext) {
    const companyId = ctx.actor.providerCompanyId ?? ctx.actor.companyId;
    const [company, user] = await Promise.all([companyRepo.findById(db, companyId), authRepo.findUserById(db, companyId, ctx.actor.userId)]);
    if (!company || !user) throw new AppError(ErrorCode.unauthenticated, { messages: ['Session expired'] });
    return { company, user };
  }

  /**
   * A profile change of the factor is confirmed by the current password or a code. A wrong answer
   * counts in the login throttle like a wrong password (a stolen session cannot guess its way through).
   */
  async function confirmIdentity(ctx: AuthenticatedContext, company: CompanyRecord, user: UserRow, confirmation: string, now: Date): Promise<void> {
    const key = signInKeyOf(company.code, user.login);
    const { knownAddress } = await guard.check(key, ctx.ip, now);
    if (await passwordHasher.verify(user.passwordHash, confirmation)) return;
    const check = await checkCode(ctx, company, user, confirmation, now);
    if (check === 'accepted') return;
    const locked = await guard.failed(ctx, { key, company, userId: user.id, knownAddress, now, action: 'auth.twoFactorConfirmationFailed' });
    if (locked) throw locked;
    throw fieldError(['confirmation'], check === 'used' ? 'validation.twoFactor.codeUsed' : 'validation.twoFactor.wrongConfirmation');
  }

  async function isEnabled(companyId: number, userId: number): Promise<boolean> {
    return Boolean((await twoFactorRepo.find(db, companyId, userId))?.confirmedAt);
  }

  return {
    isRequired,
    isEnabled,
    checkCode,
    beginEnrolment,
    finishEnrolment,

    async status(ctx: AuthenticatedContext) {
      const { company, user } = await ownAccount(ctx);
      const row = await twoFactorRepo.find(db, company.id, user.id);
      return {
        enabled: Boolean(row?.confirmedAt),
        required: await isRequired(company, user),
        recovery_codes_left: row?.confirmedAt ? await twoFactorRepo.countUnusedRecoveryCodes(db, company.id, user.id) : 0,
      };
    },

    async start(ctx: AuthenticatedContext) {
      const { company, user } = await ownAccount(ctx);
      return beginEnrolment(company, user);
    },

    /**
     * Turns the factor on with the first code of the secret just shown. A wrong code here is not counted
     * in the login throttle: the session already proved who it is, and guessing gains nothing.
     */
    async confirm(ctx: AuthenticatedContext, code: string) {
      const { company, user } = await ownAccount(ctx);
      const outcome = await finishEnrolment(ctx, company, user, code, clock.now());
      if (Array.isArray(outcome)) return { recovery_codes: outcome };
      throw outcome === 'used' ? usedCodeError() : wrongCodeError();
    },

    /**
     * Turns the factor off. Where it is required, every session of the user ends with it: the next
     * sign-in leads to a new enrolment (how a user moves to a new phone).
     */
    async disable(ctx: AuthenticatedContext, confirmation: string) {
      const now = clock.now();
      const { company, user } = await ownAccount(ctx);
      if (!(await isEnabled(company.id, user.id))) throw new AppError(ErrorCode.conflict, { issues: [{ path: ['confirmation'], code: 'validation.twoFactor.notEnabled' }] });
      await confirmIdentity(ctx, company, user, confirmation, now);
      const required = await isRequired(company, user);
      await db.transaction(async (tx) => {
        await twoFactorRepo.remove(tx, company.id, user.id);
        if (required) await authRepo.endUserSessions(tx, company.id, user.id, now, 'twoFactorDisabled');
        await recordAudit(tx, ctx, { companyId: company.id, userId: user.id, action: 'auth.twoFactorDisabled', entityType: 'user', entityId: user.id, after: { sessions_ended: required } });
      });
      return { status: 'ok' as const };
    },

    async regenerateRecoveryCodes(ctx: AuthenticatedContext, confirmation: string) {
      const now = clock.now();
      const { company, user } = await ownAccount(ctx);
      if (!(await isEnabled(company.id, user.id))) throw new AppError(ErrorCode.conflict, { issues: [{ path: ['confirmation'], code: 'validation.twoFactor.notEnabled' }] });
      await confirmIdentity(ctx, company, user, confirmation, now);
      const codes = await db.transaction(async (tx) => {
        const issued = await issueRecoveryCodes(tx, company.id, user.id, now);
        await recordAudit(tx, ctx, { companyId: company.id, userId: user.id, action: 'auth.recoveryCodesRegenerated', entityType: 'user', entityId: user.id });
        return issued;
      });
      return { recovery_codes: codes };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
