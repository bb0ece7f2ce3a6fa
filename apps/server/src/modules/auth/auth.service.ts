import { randomUUID } from 'node:crypto';
import {
  ADMIN_COMPANY_CODE,
  AppError,
  EXTERNAL_LOGIN_REFUSALS,
  rolesAfterExternalSignIn,
  type ExternalLoginRefusal,
  ErrorCode,
  defaultSystemSettings,
  hasPermission,
  SIGN_IN_STEP_TTL_MINUTES,
  isActivityWriteDue,
  isIpAllowed,
  passwordExpiresAt,
  passwordPolicyOf,
  sessionEndReason,
  sessionExpiresAt,
  substitutionState,
  toLocalDate,
  validateNewPassword,
  type PasswordExpiry,
  type SystemSettings,
} from '@delego/domain';
import type { UserProperties } from '@delego/contract';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflictError, notFoundError } from '../../lib/app-errors.ts';
import { generateOneTimeToken, hashToken } from '../../lib/tokens.ts';
import type { Actor, AuthenticatedContext, RequestContext } from '../../http/request-context.ts';
import { companyRepo, type CompanyRecord } from '../company/company.repo.ts';
import { companiesRepo } from '../provider-admin/companies.repo.ts';
import { auditRowOf, recordAudit } from '../audit/audit.repo.ts';
import { outboxRepo } from '../mail/outbox.repo.ts';
import { substitutesRepo } from '../substitutes/substitutes.repo.ts';
import { createActorCache, type ActorCache } from './actor-cache.ts';
import { createPermissionMapCache } from './permission-map-cache.ts';
import { createSessionValidityCache, type SessionValidityCache } from './session-validity-cache.ts';
import { authRepo, type SignedIn, type UserRow } from './auth.repo.ts';
import { loadCommonPasswordCheck } from './common-passwords.ts';
import { passwordHasher, verifyAgainstDummy } from './password-hasher.ts';
import type { TokenSigner } from './token-signer.ts';
import { passwordChangeMail } from './auth.mails.ts';
import { createSignInGuard, signInKeyOf, type SignInKey } from './sign-in-guard.ts';
import { createSecretBox } from './two-factor-crypto.ts';
import { externalSystemRepo } from '../external-system/external-system.repo.ts';
import { checkExternalToken, claimedIssuer, type ExternalClaims } from '../external-system/external-token.ts';
import { createExternalSecretBox } from '../external-system/external-system.service.ts';
import { usersRepo } from '../users/users.repo.ts';
import { createTwoFactorService, usedCodeError, wrongCodeError } from './two-factor.service.ts';

/** Password-change links work for an hour, once. */
export const PASSWORD_LINK_TTL_MINUTES = 60;
/** At most this many reset e-mails per company and login within the window. */
export const PASSWORD_RESET_LIMIT = 3;
export const PASSWORD_RESET_WINDOW_MINUTES = 15;
export const PASSWORD_CHANGE_PURPOSE = 'passwordChange';
/** The one-time token between a sign-in's password step and its second step. */
export const SIGN_IN_PURPOSE = 'signIn';

export interface AuthServiceDeps {
  db: Database;
  clock: Clock;
  signer: TokenSigner;
  publicUrl: string;
  /** Called after a commit that queued e-mail. */
  onMailQueued: () => void;
  /** Failed logins from one address, whatever the login, within an hour before further attempts wait a growing delay. */
  loginFailuresPerAddress: number;
  /** The actors of open sessions (a fresh cache unless given). */
  actors?: ActorCache;
  /** The open sessions' validity, kept where the database reports its changes (none kept unless given). */
  validities?: SessionValidityCache;
  /** The server's secret, from which the key sealing authenticator secrets at rest is derived. */
  serverSecret: string;
}

interface LoginInput {
  company: string;
  username: string;
  password: string;
}

const normalise = (text: string) => text.trim().toLowerCase();

/**
 * What a password sign-in read with its credentials (`authRepo.signInRecordOf`) and need not read again: the
 * company's actor version (the sign-in changes nothing permission maps are made of), whether the user has a
 * confirmed authenticator, and how many absent colleagues they may log in as.
 */
interface ReadWithCredentials {
  actorVersion: number;
  twoFactorEnabled: boolean;
  substituteCount: number;
}

function forbidden(permission: string): AppError {
  return new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'], params: { permission } });
}

function failure(code: string, message: string, params: Record<string, string | number> = {}): AppError {
  return new AppError(code, { messages: [message], params });
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, signer } = deps;
  const actors = deps.actors ?? createActorCache();
  const validities = deps.validities ?? createSessionValidityCache(undefined);
  const guard = createSignInGuard({ db, loginFailuresPerAddress: deps.loginFailuresPerAddress });
  const permissionMaps = createPermissionMapCache();
  const twoFactor = createTwoFactorService({ db, clock, box: createSecretBox(deps.serverSecret), guard, permissionMaps });
  const externalBox = createExternalSecretBox(deps.serverSecret);

  function effectiveExpiry(user: UserRow, settings: SystemSettings): PasswordExpiry {
    return (user.passwordExpiry as PasswordExpiry | null) ?? settings.password_expiry;
  }

  function isPasswordExpired(user: UserRow, settings: SystemSettings, now: Date): boolean {
    const expiresAt = passwordExpiresAt(user.passwordChangedAt, effectiveExpiry(user, settings));
    return expiresAt !== null && expiresAt <= now;
  }

  /**
   * Checks company, login and password. Failures are counted per login and address, per address
   * and, from addresses the login never signed in from, per login for the account lock — whether
   * or not the company and login exist (see `login-throttle.ts` in the domain). A running delay or
   * lock answers the same 'Too many login attempts' before the password is even looked at.
   * Returns the company and user when they match; the failures are forgotten only when the whole
   * sign-in succeeds (`signedIn`), so a right password does not reset the count for the second step.
   */
  async function verifyCredentials(ctx: RequestContext, input: LoginInput) {
    const now = clock.now();
    const key = signInKeyOf(input.company, input.username);
    const record = await authRepo.signInRecordOf(db, key, ctx.ip, now, guard.knownSince(now), toLocalDate(now));
    const { knownAddress } = guard.admit(record.guard, now);
    const { company } = record;
    const user = company?.isActive ? record.user : null;
    const matches = user?.isActive ? await passwordHasher.verify(user.passwordHash, input.password) : (await verifyAgainstDummy(input.password), false);
    if (!company || !user || !matches) {
      const locked = await guard.failed(ctx, { key, company, userId: user?.id ?? null, knownAddress, now, action: 'auth.loginFailed' });
      if (locked) throw locked;
      throw failure(ErrorCode.loginFailed, 'Login failed');
    }
    if (!isIpAllowed(ctx.ip, company.settings.ip_allow_list)) {
      await recordAudit(db, ctx, { companyId: company.id, userId: user.id, action: 'auth.ipRefused', entityType: 'session', after: { ip: ctx.ip } });
      throw failure(ErrorCode.ipNotAllowed, 'Your IP is not allowed');
    }
    const read: ReadWithCredentials = { actorVersion: company.actorVersion, twoFactorEnabled: record.twoFactorEnabled, substituteCount: record.substituteCount };
    return { company, user, now, key, read };
  }

  /**
   * After a right password: a session at once, or — when the user has an authenticator, or must have
   * one — a one-time token for the second step and no session (ASVS 5.0 6.3.3). `read`: what the request read
   * with the credentials and changed nothing of since.
   */
  async function afterPassword(ctx: RequestContext, company: CompanyRecord, user: UserRow, now: Date, read?: ReadWithCredentials) {
    const enabled = read ? read.twoFactorEnabled : await twoFactor.isEnabled(company.id, user.id);
    if (!enabled && !(await twoFactor.isRequired(company, user, read?.actorVersion))) {
      return startSession(ctx, company, user, now, { signedIn: guard.signedIn(signInKeyOf(company.code, user.login), ctx.ip, now), read });
    }
    const secondStep = enabled ? ('code' as const) : ('enrolment' as const);
    const token = generateOneTimeToken();
    await db.transaction(async (tx) => {
      await authRepo.createActionToken(tx, {
        companyId: company.id,
        userId: user.id,
        purpose: SIGN_IN_PURPOSE,
        tokenHash: hashToken(token),
        subjectState: secondStep,
        expiresAt: new Date(now.getTime() + SIGN_IN_STEP_TTL_MINUTES * 60_000),
        now,
      });
      await recordAudit(tx, ctx, { companyId: company.id, userId: user.id, action: 'auth.passwordAccepted', entityType: 'session', after: { second_step: secondStep } });
    });
    return { second_step: secondStep, sign_in_token: token };
  }

  /** The account a second-step token was given for, while it is unused, unexpired and of that step. */
  async function signInStepOf(token: string, step: 'code' | 'enrolment', now: Date) {
    const row = await authRepo.findActionToken(db, hashToken(token), SIGN_IN_PURPOSE);
    if (!row || row.subjectState !== step) throw failure(ErrorCode.tokenNotFound, 'Link invalid');
    if (row.usedAt) throw failure(ErrorCode.tokenUsed, 'Action already executed');
    if (row.expiresAt <= now) throw failure(ErrorCode.tokenExpired, 'URL expired');
    const [company, user] = await Promise.all([companyRepo.findById(db, row.companyId), authRepo.findUserById(db, row.companyId, row.userId)]);
    if (!company?.isActive || !user?.isActive) throw failure(ErrorCode.tokenNotFound, 'Link invalid');
    return { row, company, user, key: signInKeyOf(company.code, user.login) };
  }

  /** Spends the second-step token and opens the session: once, however many requests carry the token. */
  async function finishSignIn(ctx: RequestContext, step: { row: { id: number }; company: CompanyRecord; user: UserRow; key: SignInKey }, now: Date) {
    if (!(await authRepo.spendActionToken(db, step.row.id, now))) throw failure(ErrorCode.tokenUsed, 'Action already executed');
    return startSession(ctx, step.company, step.user, now, { signedIn: guard.signedIn(step.key, ctx.ip, now) });
  }

  /**
   * Opens a session with its audit row and, for a whole sign-in that succeeded, what the sign-in guard then
   * writes (`signedIn`), in one statement (`authRepo.openSession`).
   */
  async function startSession(
    ctx: RequestContext,
    company: CompanyRecord,
    user: UserRow,
    now: Date,
    options: { action?: string; signedIn: SignedIn; read?: ReadWithCredentials },
  ) {
    const sessionId = randomUUID();
    const session = {
      id: sessionId,
      companyId: company.id,
      userId: user.id,
      contextUserId: user.id,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      now,
      expiresAt: sessionExpiresAt(now, company.settings.session_max_hours),
    };
    const audit = auditRowOf(ctx, { companyId: company.id, userId: user.id, action: options.action ?? 'auth.login', entityType: 'session', entityId: sessionId });
    await authRepo.openSession(db, session, audit, options.signedIn);
    const { token } = await signer.sign({ sid: sessionId, sub: user.id, cid: company.id, ctx: user.id }, now);
    const actor = await actorFor(sessionId, company, user, user, company, options.read);
    return { access_token: token, user_properties: userPropertiesOf(actor) };
  }

  /** A new token and the user properties after the session's context user changed (login-as, login-back). */
  async function switchContext(ctx: AuthenticatedContext, contextUser: UserRow, action: 'auth.loginAs' | 'auth.loginBack') {
    const now = clock.now();
    const account = await authRepo.findOpenSessionWithAccount(db, ctx.actor.sessionId);
    if (!account) throw new AppError(ErrorCode.unauthenticated, { messages: ['Session expired'] });
    const { user, company } = account;
    await db.transaction(async (tx) => {
      await authRepo.setSessionContext(tx, ctx.actor.sessionId, contextUser.id);
      await recordAudit(tx, ctx, {
        companyId: company.id,
        action,
        entityType: 'session',
        entityId: ctx.actor.sessionId,
        before: { context_user_id: ctx.actor.contextUserId },
        after: { context_user_id: contextUser.id, context_user_login: contextUser.login },
      });
    });
    const { token } = await signer.sign({ sid: ctx.actor.sessionId, sub: user.id, cid: company.id, ctx: contextUser.id }, now);
    return { access_token: token, user_properties: userPropertiesOf(await actorFor(ctx.actor.sessionId, company, user, contextUser)) };
  }

  /**
   * The 'context switch failed' refusal (spec §8): a substitution of the pair exists but does
   * not cover today, so the answer names the period that would (the next one, else the last).
   */
  async function contextSwitchFailed(companyId: number, substituteUserId: number, absentUserId: number, today: string): Promise<AppError> {
    const periods = (await substitutesRepo.ofPair(db, companyId, substituteUserId, absentUserId)).map((row) => ({ date_from: row.fromDate, date_to: row.toDate }));
    if (periods.length === 0) return notFoundError();
    const named = periods.find((period) => substitutionState(period, today) === 'upcoming') ?? periods[periods.length - 1]!;
    return new AppError(ErrorCode.contextSwitchFailed, {
      messages: ['Context switch failed'],
      params: { date_from: named.date_from ?? '', date_to: named.date_to ?? '' },
    });
  }

  /**
   * The actor of a session: `company` and `user` are the session's own; `contextUser` whom it acts as, in
   * `acting` — the session's company, except while a provider administrator acts in a company's context.
   * `read`: what a password sign-in of the user read with the credentials (the session's own user, acting in
   * their own company).
   */
  async function actorFor(sessionId: string, company: CompanyRecord, user: UserRow, contextUser: UserRow, acting: CompanyRecord = company, read?: ReadWithCredentials): Promise<Actor> {
    // Transferred permissions count on the Warsaw calendar day of the request.
    const today = toLocalDate(clock.now());
    const permissions = read ? await permissionMaps.mapAt(db, company.id, read.actorVersion, user.id, today) : await permissionMaps.mapOf(db, company.id, user.id, today);
    const contextPermissions = contextUser.id === user.id ? permissions : await permissionMaps.mapOf(db, acting.id, contextUser.id, today);
    const substituteCount = acting.id !== company.id ? 0 : read ? read.substituteCount : await authRepo.activeSubstitutionCount(db, company.id, user.id, today);
    const link = user.isExternal ? await externalSystemRepo.findLink(db, company.id) : null;
    return {
      sessionId,
      companyId: acting.id,
      companyCode: acting.code,
      userId: user.id,
      contextUserId: contextUser.id,
      login: user.login,
      name: user.name,
      surname: user.surname,
      email: user.email,
      isExternalUser: user.isExternal,
      externalReturnUrl: link?.returnUrl ?? null,
      companyName: acting.name,
      contextUserLogin: contextUser.login,
      permissions,
      contextPermissions,
      language: user.language,
      settings: acting.settings,
      ratesVersion: acting.ratesVersion,
      actorVersion: acting.actorVersion,
      substituteCount,
      isAdminContext: acting.code.toLowerCase() === ADMIN_COMPANY_CODE,
      ...(acting.id === company.id ? {} : { providerCompanyId: company.id }),
    };
  }

  /** Spec §7 `admin/company-admin/log-in-back-admin-context`: out of the company's context, back to one's provider account. */
async function backToAdminContext(ctx: AuthenticatedContext) {
    if (ctx.actor.providerCompanyId === undefined) throw conflictError([], 'company.notInCompanyContext');
    const now = clock.now();
    const account = await authRepo.findOpenSessionWithAccount(db, ctx.actor.sessionId);
    if (!account) throw new AppError(ErrorCode.unauthenticated, { messages: ['Session expired'] });
    const { user, company } = account;
    await db.transaction(async (tx) => {
      await authRepo.setSessionContext(tx, ctx.actor.sessionId, user.id);
      const before = { company_id: ctx.actor.companyId, company_code: ctx.actor.companyCode, context_user_id: ctx.actor.contextUserId };
      await recordAudit(tx, ctx, { companyId: ctx.actor.companyId, action: 'auth.companyContextLeft', entityType: 'session', entityId: ctx.actor.sessionId, before });
      await recordAudit(tx, ctx, { companyId: company.id, action: 'auth.companyContextLeft', entityType: 'session', entityId: ctx.actor.sessionId, before });
    });
    const { token } = await signer.sign({ sid: ctx.actor.sessionId, sub: user.id, cid: company.id, ctx: user.id }, now);
    return { access_token: token, user_properties: userPropertiesOf(await actorFor(ctx.actor.sessionId, company, user, user)) };
  }

  /**
   * Creates the main system's user on their first sign-in, or brings their name and e-mail up to date;
   * either way the roles follow the external-role mapping (`rolesAfterExternalSignIn`). A new user gets
   * the company's default roles like any other, and a password nobody knows: they sign in only through the main system.
   */
  async function upsertExternalUser(ctx: RequestContext, company: CompanyRecord, existing: UserRow | null, claims: ExternalClaims): Promise<UserRow> {
    const mappings = await externalSystemRepo.roleMappings(db, company.id);
    const claimed = new Set(claims.roles.map((role) => role.trim().toLowerCase()));
    const claimedRoleIds = mappings.filter((mapping) => claimed.has(mapping.externalName)).map((mapping) => mapping.roleId);
    const mappedRoleIds = mappings.map((mapping) => mapping.roleId);
    const unusablePassword = existing ? null : await passwordHasher.hash(randomUUID() + randomUUID());
    return db.transaction(async (tx) => {
      const held = existing ? await usersRepo.roleIdsOf(tx, existing.id) : await usersRepo.defaultRoleIds(tx, company.id);
      const roleIds = rolesAfterExternalSignIn(held, mappedRoleIds, claimedRoleIds);
      const data = {
        name: claims.name ?? existing?.name ?? claims.sub,
        surname: claims.surname ?? existing?.surname ?? '',
        email: claims.email ?? existing?.email ?? '',
      };
      const user = existing
        ? await usersRepo.update(tx, company.id, existing.id, data)
        : await usersRepo.insert(tx, company.id, { ...data, login: claims.sub, passwordHash: unusablePassword!, isExternal: true });
      await usersRepo.replaceRoles(tx, user.id, roleIds);
      await recordAudit(tx, ctx, {
        companyId: company.id,
        userId: user.id,
        action: existing ? 'auth.externalUserUpdated' : 'auth.externalUserCreated',
        entityType: 'user',
        entityId: user.id,
        before: existing ? { name: existing.name, surname: existing.surname, email: existing.email, role_ids: held } : undefined,
        after: { ...data, role_ids: roleIds, external_roles: claims.roles },
      });
      return user;
    });
  }

  function userPropertiesOf(actor: Actor): UserProperties {
    const { substituteCount } = actor;
    return {
      user_id: actor.userId,
      login: actor.login,
      name: actor.name,
      surname: actor.surname,
      email: actor.email,
      language: actor.language === 'en-US' ? 'en-US' : 'pl-PL',
      company_id: actor.companyId,
      company_code: actor.companyCode,
      company_name: actor.companyName,
      context_user_id: actor.contextUserId,
      context_user_login: actor.contextUserLogin,
      permissions: actor.permissions,
      context_user_permissions: actor.contextPermissions,
      system_settings: {
        session_time: actor.settings.session_time,
        modules: actor.settings.modules,
        is_wnt: actor.settings.is_wnt,
        login_password_save: actor.settings.login_password_save,
      },
      substitute_user_count: substituteCount,
      can_login_as: substituteCount > 0,
      is_admin_context: actor.isAdminContext,
      in_company_context: actor.providerCompanyId !== undefined,
      is_external_user: actor.isExternalUser,
      external_return_url: actor.externalReturnUrl,
    };
  }

  /**
   * Replaces a password after the policy check, ending every session of the user.
   * `within` runs first in the same transaction (e.g. spending a one-time token).
   */
  async function setPassword(
    ctx: RequestContext,
    company: CompanyRecord,
    user: UserRow,
    change: { newPassword: string; repeated: string; now: Date; reason: string; keepSessionId?: string },
    within?: (tx: Transaction) => Promise<void>,
  ) {
    const { newPassword, repeated, now, reason, keepSessionId } = change;
    const issues = validateNewPassword(newPassword, passwordPolicyOf(company.settings), { path: ['new_password'], repeated, isCommon: await loadCommonPasswordCheck() });
    if (issues.length === 0 && (await passwordHasher.verify(user.passwordHash, newPassword))) {
      issues.push({ path: ['new_password'], code: 'validation.password.sameAsCurrent' });
    }
    if (issues.length > 0) {
      throw new AppError(ErrorCode.validationFailed, {
        issues: issues.map((issue) => (issue.path[0] === 'repeat_password' ? issue : { ...issue, path: ['new_password'] })),
      });
    }
    const passwordHash = await passwordHasher.hash(newPassword);
    await db.transaction(async (tx) => {
      if (within) await within(tx);
      await authRepo.updatePassword(tx, company.id, user.id, passwordHash, now);
      const ended = await authRepo.endUserSessions(tx, company.id, user.id, now, reason, keepSessionId);
      for (const sessionId of ended) actors.forget(sessionId);
      await recordAudit(tx, ctx, { companyId: company.id, userId: user.id, action: `auth.${reason}`, entityType: 'user', entityId: user.id });
    });
  }

  /**
   * The signed-in user replaces their own password (the session's own user, also while acting for
   * someone else): the current one must match, then `setPassword` applies the company's policy and
   * ends every other session of the user; this one stays.
   */
  async function changeOwnPassword(ctx: AuthenticatedContext, input: { password: string; new_password: string; repeat_password: string }) {
    const now = clock.now();
    const account = await authRepo.findOpenSessionWithAccount(db, ctx.actor.sessionId);
    if (!account) throw new AppError(ErrorCode.unauthenticated, { messages: ['Session expired'] });
    const { user, company } = account;
    // A wrong current password counts like a failed login (sign-in guard: delays, account lock, audit), so the form cannot be used to guess it.
    const key = signInKeyOf(company.code, user.login);
    const { knownAddress } = await guard.check(key, ctx.ip, now);
    if (!(await passwordHasher.verify(user.passwordHash, input.password))) {
      const locked = await guard.failed(ctx, { key, company, userId: user.id, knownAddress, now, action: 'auth.passwordChangeRefused' });
      throw locked ?? new AppError(ErrorCode.validationFailed, { issues: [{ path: ['password'], code: 'validation.password.currentWrong' }] });
    }
    await setPassword(ctx, company, user, {
      newPassword: input.new_password,
      repeated: input.repeat_password,
      now,
      reason: 'passwordChangedByUser',
      keepSessionId: ctx.actor.sessionId,
    });
    await guard.succeeded(key, ctx.ip, now);
    return { status: 'ok' as const };
  }

  return {
    twoFactor,
    changeOwnPassword,

    async login(ctx: RequestContext, input: LoginInput) {
      const { company, user, now, read } = await verifyCredentials(ctx, input);
      if (isPasswordExpired(user, company.settings, now)) {
        throw failure(ErrorCode.passwordExpired, 'Password expired');
      }
      return afterPassword(ctx, company, user, now, read);
    },

    async changeExpiredPassword(ctx: RequestContext, input: LoginInput & { new_password: string; repeat_password: string }) {
      const { company, user, now } = await verifyCredentials(ctx, input);
      await setPassword(ctx, company, user, { newPassword: input.new_password, repeated: input.repeat_password, now, reason: 'passwordChanged' });
      const updated = await authRepo.findUserById(db, company.id, user.id);
      return afterPassword(ctx, company, updated!, now);
    },

    /**
     * Spec §7 `auth/external-login`: a user of the company's main system, with the short-lived token it
     * signed (the company is the one whose link names the token's issuer). Every refusal counts in the
     * login throttle like a wrong password and names its reason; a token works once (its `jti`).
     */
    async externalLogin(ctx: RequestContext, input: { externalUser: string; externalToken: string }) {
      const now = clock.now();
      const issuer = claimedIssuer(input.externalToken);
      const link = issuer ? await externalSystemRepo.findLinkByIssuer(db, issuer) : null;
      const company = link ? await companyRepo.findById(db, link.companyId) : null;
      const key = signInKeyOf(company?.code ?? '', input.externalUser);
      const { knownAddress } = await guard.check(key, ctx.ip, now);
      let user: UserRow | null = null;
      const refuse = async (refusal: ExternalLoginRefusal) => {
        const locked = await guard.failed(ctx, { key, company, userId: user?.id ?? null, knownAddress, now, action: 'auth.externalLoginFailed' });
        if (locked) return locked;
        return failure(ErrorCode.externalLoginRefused, EXTERNAL_LOGIN_REFUSALS[refusal], { reason: refusal });
      };
      if (!link || !company?.isActive) throw await refuse('unknownIssuer');
      if (!link.isEnabled) throw await refuse('disabled');
      const check = await checkExternalToken(input.externalToken, link, externalBox, now);
      if (!check.ok) throw await refuse(check.refusal);
      const { claims } = check;
      if (normalise(claims.sub) !== normalise(input.externalUser)) throw await refuse('userMismatch');
      user = await authRepo.findUserByLogin(db, company.id, claims.sub);
      if (user && !user.isExternal) throw await refuse('localAccount');
      if (user && !user.isActive) throw await refuse('userInactive');
      if (!(await externalSystemRepo.spendTokenId(db, company.id, claims.jti, now, claims.expiresAt))) throw await refuse('replayed');
      if (!isIpAllowed(ctx.ip, company.settings.ip_allow_list)) {
        await recordAudit(db, ctx, { companyId: company.id, userId: user?.id ?? null, action: 'auth.ipRefused', entityType: 'session', after: { ip: ctx.ip } });
        throw failure(ErrorCode.ipNotAllowed, 'Your IP is not allowed');
      }
      const signedIn = await upsertExternalUser(ctx, company, user, claims);
      return startSession(ctx, company, signedIn, now, { action: 'auth.externalLogin', signedIn: guard.signedIn(key, ctx.ip, now) });
    },

    /** The second step: a code of the user's authenticator or one of their recovery codes; a wrong one counts like a wrong password. */
    async signInWithCode(ctx: RequestContext, input: { sign_in_token: string; code: string }) {
      const now = clock.now();
      const step = await signInStepOf(input.sign_in_token, 'code', now);
      const { knownAddress } = await guard.check(step.key, ctx.ip, now);
      const check = await twoFactor.checkCode(ctx, step.company, step.user, input.code, now);
      if (check !== 'accepted') {
        const locked = await guard.failed(ctx, { key: step.key, company: step.company, userId: step.user.id, knownAddress, now, action: 'auth.twoFactorCodeFailed' });
        if (locked) throw locked;
        throw check === 'used' ? usedCodeError() : wrongCodeError();
      }
      return finishSignIn(ctx, step, now);
    },

    /** A user who must use a second factor and has none sets one up before any session is opened. */
    async signInEnrolmentStart(input: { sign_in_token: string }) {
      const step = await signInStepOf(input.sign_in_token, 'enrolment', clock.now());
      return twoFactor.beginEnrolment(step.company, step.user);
    },

    async signInEnrolmentConfirm(ctx: RequestContext, input: { sign_in_token: string; code: string }) {
      const now = clock.now();
      const step = await signInStepOf(input.sign_in_token, 'enrolment', now);
      const { knownAddress } = await guard.check(step.key, ctx.ip, now);
      const outcome = await twoFactor.finishEnrolment(ctx, step.company, step.user, input.code, now);
      if (!Array.isArray(outcome)) {
        const locked = await guard.failed(ctx, { key: step.key, company: step.company, userId: step.user.id, knownAddress, now, action: 'auth.twoFactorCodeFailed' });
        if (locked) throw locked;
        throw outcome === 'used' ? usedCodeError() : wrongCodeError();
      }
      return { ...(await finishSignIn(ctx, step, now)), recovery_codes: outcome };
    },

    /**
     * Resolves a bearer token to its actor; any doubt answers 401. One look-up of the session and its
     * company's versions per request (none on the embedded database while nothing of them changed:
     * `session-validity-cache.ts`); the actor itself comes from the cache while nothing it is made
     * of has changed (`actor-cache.ts`), else it is built again.
     */
    async authenticate(token: string): Promise<Actor> {
      const now = clock.now();
      const claims = await signer.verify(token, now);
      const unauthenticated = () => new AppError(ErrorCode.unauthenticated, { messages: ['Session expired'] });
      if (!claims) throw unauthenticated();
      const validity = await validities.validityOf(claims.sid, (sessionId) => authRepo.findOpenSessionValidity(db, sessionId));
      if (!validity || validity.userId !== claims.sub || validity.companyId !== claims.cid) throw unauthenticated();
      const today = toLocalDate(now);

      const endSession = async (reason: string, after?: Record<string, unknown>) => {
        actors.forget(validity.sessionId);
        await db.transaction(async (tx) => {
          if (await authRepo.endSession(tx, validity.sessionId, now, reason)) {
            await recordAudit(tx, { requestId: `session:${reason}`, ip: validity.ipAddress ?? '', userAgent: undefined }, { companyId: validity.companyId, userId: validity.userId, action: `auth.${reason}`, entityType: 'session', entityId: validity.sessionId, after });
          }
        });
        return new AppError(ErrorCode.sessionExpired, { messages: ['Session expired'], params: { reason } });
      };

      let actor = actors.current(validity, today);
      if (actor) {
        const ended = sessionEndReason(validity, actor.settings.session_time, now);
        if (ended) throw await endSession(ended);
      } else {
        const account = await authRepo.findOpenSessionWithAccount(db, claims.sid);
        if (!account || account.session.userId !== claims.sub || account.session.companyId !== claims.cid) throw unauthenticated();
        const { session, user, company } = account;
        if (!company.isActive || !user.isActive) throw unauthenticated();
        const ended = sessionEndReason(session, company.settings.session_time, now);
        if (ended) throw await endSession(ended);
        if (validity.actingCompanyId !== company.id) {
          // A provider administrator in a company's context: it lasts while they are in the admin context's
          // company, and the company and its user acted as are active.
          const acting = await companiesRepo.findUserWithCompany(db, session.contextUserId);
          if (company.code.toLowerCase() !== ADMIN_COMPANY_CODE || !acting || !acting.company.isActive || !acting.user.isActive) {
            throw await endSession('companyContextEnded', { context_user_id: session.contextUserId });
          }
          actor = actors.store(validity, today, await actorFor(session.id, company, user, acting.user, acting.company));
        } else {
          // Acting for an absent colleague lasts while a substitution covers the day: after that the session ends.
          const contextUser = session.contextUserId === user.id ? user : await substitutesRepo.activeContextUser(db, company.id, user.id, session.contextUserId, today);
          if (!contextUser) throw await endSession('substitutionEnded', { context_user_id: session.contextUserId });
          actor = actors.store(validity, today, await actorFor(session.id, company, user, contextUser));
        }
      }
      if (isActivityWriteDue(validity.lastActiveAt, now)) await authRepo.touchSession(db, validity.sessionId, now);
      return actor;
    },

    /** Spec §7 `user-substitute/login-as`: act as an absent colleague whom a substitution names the user's substitute today. */
    async loginAs(ctx: AuthenticatedContext, absentUserId: number) {
      const today = toLocalDate(clock.now());
      const { companyId, userId } = ctx.actor;
      if (absentUserId === userId) throw notFoundError();
      const absent = await substitutesRepo.activeContextUser(db, companyId, userId, absentUserId, today);
      if (!absent) throw await contextSwitchFailed(companyId, userId, absentUserId, today);
      return switchContext(ctx, absent, 'auth.loginAs');
    },

    /** Spec §7 `user-substitute/login-back`: back to one's own account (for a provider administrator in a company's context, to the admin context). */
    async loginBack(ctx: AuthenticatedContext) {
      if (ctx.actor.providerCompanyId !== undefined) return backToAdminContext(ctx);
      const own = await authRepo.findUserById(db, ctx.actor.companyId, ctx.actor.userId);
      if (!own) throw new AppError(ErrorCode.unauthenticated, { messages: ['Session expired'] });
      return switchContext(ctx, own, 'auth.loginBack');
    },

    /**
     * Spec §6: a provider administrator enters a company's context to help, acting as its first active
     * administrator. The session keeps its own user (audit rows name both), and a new token names the
     * context user; each request checks the company and that user are still active.
     */
    async logInCompanyContext(ctx: AuthenticatedContext, companyId: number) {
      if (!ctx.actor.isAdminContext) throw forbidden('manageCompanies');
      if (!hasPermission(ctx.actor.contextPermissions, 'manageCompanies')) throw forbidden('manageCompanies');
      const target = await companyRepo.findById(db, companyId);
      if (!target || target.code.toLowerCase() === ADMIN_COMPANY_CODE) throw notFoundError();
      if (!target.isActive) throw conflictError(['company_id'], 'company.disabled');
      const administrator = await companiesRepo.firstAdministrator(db, target.id);
      if (!administrator) throw conflictError(['company_id'], 'company.noAdministrator');
      const now = clock.now();
      const account = await authRepo.findOpenSessionWithAccount(db, ctx.actor.sessionId);
      if (!account) throw new AppError(ErrorCode.unauthenticated, { messages: ['Session expired'] });
      const { user, company } = account;
      const inCompany = { ...ctx, actor: { ...ctx.actor, contextUserId: administrator.id } };
      await db.transaction(async (tx) => {
        await authRepo.setSessionContext(tx, ctx.actor.sessionId, administrator.id);
        const after = { company_id: target.id, company_code: target.code, context_user_id: administrator.id, context_user_login: administrator.login };
        await recordAudit(tx, ctx, { companyId: company.id, action: 'auth.companyContextEntered', entityType: 'session', entityId: ctx.actor.sessionId, after });
        await recordAudit(tx, inCompany, { companyId: target.id, action: 'auth.companyContextEntered', entityType: 'session', entityId: ctx.actor.sessionId, after });
      });
      const { token } = await signer.sign({ sid: ctx.actor.sessionId, sub: user.id, cid: company.id, ctx: administrator.id }, now);
      return { access_token: token, user_properties: userPropertiesOf(await actorFor(ctx.actor.sessionId, company, user, administrator, target)) };
    },

    /** Spec §7 `admin/company-admin/log-in-back-admin-context`: out of the company's context, back to one's provider account. */
    logInBackAdminContext: (ctx: AuthenticatedContext) => backToAdminContext(ctx),

    async logout(ctx: AuthenticatedContext) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        await authRepo.endSession(tx, ctx.actor.sessionId, now, 'logout');
        await recordAudit(tx, ctx, { companyId: ctx.actor.companyId, action: 'auth.logout', entityType: 'session', entityId: ctx.actor.sessionId });
      });
      return { status: 'ok' as const };
    },

    async refresh(ctx: AuthenticatedContext) {
      const now = clock.now();
      const { token } = await signer.sign({ sid: ctx.actor.sessionId, sub: ctx.actor.userId, cid: ctx.actor.companyId, ctx: ctx.actor.contextUserId }, now);
      return { token };
    },

    userProperties: (ctx: AuthenticatedContext) => userPropertiesOf(ctx.actor),

    async updateLanguage(ctx: AuthenticatedContext, language: string) {
      // The signed-in user's own language: a provider administrator acting in a company's context is a user of the provider's company.
      const companyId = ctx.actor.providerCompanyId ?? ctx.actor.companyId;
      await db.transaction(async (tx) => {
        await authRepo.updateLanguage(tx, companyId, ctx.actor.userId, language);
        await recordAudit(tx, ctx, { companyId, action: 'user.languageChanged', entityType: 'user', entityId: ctx.actor.userId, after: { language } });
      });
      return { status: 'ok' as const };
    },

    /** Login-page flags (spec §7), from the provider's own company settings. */
    async generalSettings() {
      const settings = (await companyRepo.findByCode(db, ADMIN_COMPANY_CODE))?.settings ?? defaultSystemSettings();
      return { is_wnt: settings.is_wnt, login_password_save: settings.login_password_save };
    },

    /**
     * Sends a one-time password-change link. The answer is the same whether or not
     * the account exists; repeats are limited per company and login.
     */
    async passwordForgotten(ctx: RequestContext, input: { company: string; username: string }) {
      const now = clock.now();
      const key = { companyCode: normalise(input.company), login: normalise(input.username) };
      const since = new Date(now.getTime() - PASSWORD_RESET_WINDOW_MINUTES * 60_000);
      if ((await authRepo.countRecentResetRequests(db, key, since)) >= PASSWORD_RESET_LIMIT) {
        throw failure(ErrorCode.tooManyRequests, 'Too many password reset requests', {
          minutes: PASSWORD_RESET_WINDOW_MINUTES,
          retryAfterSeconds: PASSWORD_RESET_WINDOW_MINUTES * 60,
        });
      }
      await authRepo.recordResetRequest(db, key, ctx.ip, now);
      const company = await companyRepo.findByCode(db, input.company);
      const user = company?.isActive ? await authRepo.findUserByLogin(db, company.id, input.username) : null;
      if (!company || !user?.isActive || !user.email) return { status: 'ok' as const };

      const token = generateOneTimeToken();
      const link = `${deps.publicUrl}/action-by-link/user/passwordChange/${token}`;
      await db.transaction(async (tx) => {
        await authRepo.createActionToken(tx, {
          companyId: company.id,
          userId: user.id,
          purpose: PASSWORD_CHANGE_PURPOSE,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + PASSWORD_LINK_TTL_MINUTES * 60_000),
          now,
        });
        await outboxRepo.enqueue(tx, company.id, passwordChangeMail({ to: user.email, language: user.language, link, login: user.login, minutes: PASSWORD_LINK_TTL_MINUTES }));
        await recordAudit(tx, ctx, { companyId: company.id, userId: user.id, action: 'auth.passwordLinkSent', entityType: 'user', entityId: user.id });
      });
      deps.onMailQueued();
      return { status: 'ok' as const };
    },

    /** What a password-change link can do; opening it changes nothing (mail scanners open links). */
    async passwordLinkState(token: string) {
      const row = await authRepo.findActionToken(db, hashToken(token), PASSWORD_CHANGE_PURPOSE);
      if (!row) return { state: 'notFound' as const };
      if (row.usedAt) return { state: 'used' as const };
      if (row.expiresAt <= clock.now()) return { state: 'expired' as const };
      const [company, user] = await Promise.all([companyRepo.findById(db, row.companyId), authRepo.findUserById(db, row.companyId, row.userId)]);
      if (!company || !user) return { state: 'notFound' as const };
      return { state: 'valid' as const, login: user.login, password_policy: passwordPolicyOf(company.settings) };
    },

    async changePasswordByLink(ctx: RequestContext, input: { token: string; new_password: string; repeat_password: string }) {
      const now = clock.now();
      const row = await authRepo.findActionToken(db, hashToken(input.token), PASSWORD_CHANGE_PURPOSE);
      if (!row) throw failure(ErrorCode.tokenNotFound, 'Link invalid');
      if (row.usedAt) throw failure(ErrorCode.tokenUsed, 'Action already executed');
      if (row.expiresAt <= now) throw failure(ErrorCode.tokenExpired, 'URL expired');
      const [company, user] = await Promise.all([companyRepo.findById(db, row.companyId), authRepo.findUserById(db, row.companyId, row.userId)]);
      if (!company || !user) throw failure(ErrorCode.tokenNotFound, 'Link invalid');
      await setPassword(ctx, company, user, { newPassword: input.new_password, repeated: input.repeat_password, now, reason: 'passwordReset' }, async (tx) => {
        // The token is spent under a row lock in the same transaction, so two submits cannot both use it.
        const locked = await authRepo.findActionToken(tx, hashToken(input.token), PASSWORD_CHANGE_PURPOSE, { forUpdate: true });
        if (!locked || locked.usedAt) throw failure(ErrorCode.tokenUsed, 'Action already executed');
        await authRepo.markActionTokenUsed(tx, locked.id, now);
      });
      await authRepo.clearFailedLogins(db, { companyCode: normalise(company.code), login: normalise(user.login) });
      return { status: 'ok' as const };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
