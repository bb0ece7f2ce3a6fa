import { and, count, eq, gt, inArray, isNull, lt, lte, max, ne, or, sql, type Column } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toPermissionMap, type PermissionMap } from '@delego/domain';
import { createBatchedLoad } from '../../db/batched-load.ts';
import type { Database, Executor } from '../../db/client.ts';
import { actionTokens, auditLog, companies, knownLoginAddresses, loginAttempts, loginThrottles, passwordResetRequests, sessions, substitutes, users, userTwoFactor } from '../../db/schema/index.ts';
import { toCompanyRecord, type CompanyRecord } from '../company/company.repo.ts';
import type { AuditRow } from '../audit/audit.repo.ts';
import type { SessionValidity } from './actor-cache.ts';

export type UserRow = typeof users.$inferSelect;

interface LoginKey {
  companyCode: string;
  login: string;
}

/** The guard's state of one attempt (ADR 0015). */
export interface GuardState {
  /** When the last of the attempt's running delays ends (per login and address, per address), or null. */
  throttledUntil: Date | null;
  /** Whether the login signed in from the address within `KNOWN_ADDRESS_DAYS`. */
  knownAddress: boolean;
  /** The login's lock end as stored, running or not. */
  lockedUntil: Date | null;
}

/** A `FROM` of one row, so that a select of subqueries and outer joins always answers one. */
const oneRow = sql`(VALUES (1)) AS sign_in`;

/** The guard's state as three subqueries of one select, each the statement it was on its own. */
function guardStateFields(db: Executor, key: LoginKey, address: string, now: Date, knownSince: Date) {
  const throttle = db
    .select({ until: max(loginThrottles.blockedUntil) })
    .from(loginThrottles)
    .where(
      and(
        eq(loginThrottles.address, address),
        gt(loginThrottles.blockedUntil, now),
        or(
          and(eq(loginThrottles.scope, 'login'), eq(loginThrottles.companyCode, key.companyCode), eq(loginThrottles.login, key.login)),
          and(eq(loginThrottles.scope, 'address'), eq(loginThrottles.companyCode, ''), eq(loginThrottles.login, '')),
        ),
      ),
    );
  const known = db
    .select({ one: sql`1` })
    .from(knownLoginAddresses)
    .where(
      and(
        eq(knownLoginAddresses.companyCode, key.companyCode),
        eq(knownLoginAddresses.login, key.login),
        eq(knownLoginAddresses.address, address),
        gt(knownLoginAddresses.lastLoginAt, knownSince),
      ),
    );
  const attempt = db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.companyCode, key.companyCode), eq(loginAttempts.login, key.login)));
  return {
    throttledUntil: sql<Date | null>`${throttle}`.mapWith(loginThrottles.blockedUntil),
    knownAddress: sql<boolean>`EXISTS ${known}`,
    lockedUntil: sql<Date | null>`${attempt}`.mapWith(loginAttempts.lockedUntil),
  };
}

/** The substitutions naming the user a substitute on `today` (YYYY-MM-DD, Warsaw). */
function activeSubstitutionsOf(companyId: number | Column, userId: number | Column, today: string) {
  return and(
    eq(substitutes.companyId, companyId),
    eq(substitutes.substituteUserId, userId),
    or(isNull(substitutes.fromDate), lte(substitutes.fromDate, today)),
    or(isNull(substitutes.toDate), sql`${substitutes.toDate} >= ${today}`),
  );
}

/** A whole sign-in that succeeded, for `signedInParts`. */
export interface SignedIn {
  key: LoginKey;
  address: string;
  now: Date;
  /** Addresses of the login unused since then are forgotten. */
  forgetBefore: Date;
}

/**
 * What a whole sign-in that succeeded writes, as the parts of one statement: the login's failures forgotten
 * unless a lock runs (possible only when signing in from a known address: the outsider's count stays, so the
 * owner's sign-in does not hand them a fresh set of attempts), the delays of this login from this address
 * ended (not those of the address as a whole), the login's addresses unused since `forgetBefore` forgotten,
 * and — the part that ends the statement, `rememberedAddress` — the address remembered. PostgreSQL runs
 * every data-modifying part to completion whether or not anything reads it; they touch different rows (the
 * address remembered is never among those forgotten, as when they were separate statements).
 */
function signedInParts(db: Executor, { key, address, now, forgetBefore }: SignedIn) {
  return [
    db.$with('forgotten_failures').as(
      db
        .delete(loginAttempts)
        .where(
          and(
            eq(loginAttempts.companyCode, key.companyCode),
            eq(loginAttempts.login, key.login),
            or(isNull(loginAttempts.lockedUntil), lte(loginAttempts.lockedUntil, now)),
          ),
        ),
    ),
    db.$with('ended_delays').as(
      db
        .delete(loginThrottles)
        .where(and(eq(loginThrottles.scope, 'login'), eq(loginThrottles.companyCode, key.companyCode), eq(loginThrottles.login, key.login), eq(loginThrottles.address, address))),
    ),
    db.$with('forgotten_addresses').as(
      db.delete(knownLoginAddresses).where(
        and(
          eq(knownLoginAddresses.companyCode, key.companyCode),
          eq(knownLoginAddresses.login, key.login),
          // Two sign-ins of one login from two stale addresses would each hold its own address (remembered) and
          // wait for the other's (forgotten) until one statement ends: a deadlock. An address another sign-in
          // holds is left for a later sign-in to forget.
          inArray(
            knownLoginAddresses.address,
            db
              .select({ address: knownLoginAddresses.address })
              .from(knownLoginAddresses)
              .where(
                and(
                  eq(knownLoginAddresses.companyCode, key.companyCode),
                  eq(knownLoginAddresses.login, key.login),
                  ne(knownLoginAddresses.address, address),
                  lt(knownLoginAddresses.lastLoginAt, forgetBefore),
                ),
              )
              .for('update', { skipLocked: true }),
          ),
        ),
      ),
    ),
  ];
}

/** Remembers the address of a whole sign-in that succeeded: the part that ends `signedInParts`. */
function rememberedAddress(db: { insert: Database['insert'] }, { key, address, now }: SignedIn) {
  return db
    .insert(knownLoginAddresses)
    .values({ ...key, address, lastLoginAt: now })
    .onConflictDoUpdate({ target: [knownLoginAddresses.companyCode, knownLoginAddresses.login, knownLoginAddresses.address], set: { lastLoginAt: now } });
}

function prepareSessionValiditiesQuery(db: Executor) {
  const acting = alias(companies, 'acting_company');
  return db
    .select({
      sessionId: sessions.id,
      companyId: sessions.companyId,
      userId: sessions.userId,
      contextUserId: sessions.contextUserId,
      lastActiveAt: sessions.lastActiveAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      actorVersion: companies.actorVersion,
      actingCompanyId: acting.id,
      actingActorVersion: acting.actorVersion,
      ratesVersion: acting.ratesVersion,
    })
    .from(sessions)
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .innerJoin(users, eq(users.id, sessions.contextUserId))
    .innerJoin(acting, eq(acting.id, users.companyId))
    .where(and(sql`${sessions.id} = any(${sql.placeholder('sessionIds')})`, isNull(sessions.endedAt)))
    .prepare('open_session_validities');
}

/**
 * The session look-up runs before every authenticated handler: its SQL is built once per database (and a
 * PostgreSQL connection parses and plans the named statement once), not on every request, and the
 * look-ups of requests that arrive while one runs go together in the next (`createBatchedLoad`).
 */
const sessionValidityLoads = new WeakMap<Executor, (sessionId: string) => Promise<SessionValidity | null>>();

function sessionValidityLoad(db: Executor) {
  let load = sessionValidityLoads.get(db);
  if (!load) {
    const query = prepareSessionValiditiesQuery(db);
    load = createBatchedLoad(async (sessionIds: readonly string[]) => {
      const rows = await query.execute({ sessionIds });
      return new Map(rows.map((row) => [row.sessionId, row]));
    });
    sessionValidityLoads.set(db, load);
  }
  return load;
}

export const authRepo = {
  async findUserByLogin(db: Executor, companyId: number, login: string): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(sql`lower(${users.login})`, login.trim().toLowerCase())))
      .limit(1);
    return row ?? null;
  },

  async findUserById(db: Executor, companyId: number, userId: number): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1);
    return row ?? null;
  },

  /**
   * What a password sign-in reads, in one statement: the guard's state of the key and address, the company by
   * its code and the user by login (as typed, lower-cased; null when none), whether the user has a confirmed
   * authenticator, and how many absent colleagues they may log in as on `today`.
   */
  async signInRecordOf(db: Executor, key: LoginKey, address: string, now: Date, knownSince: Date, today: string) {
    const substitutions = db.select({ value: count() }).from(substitutes).where(activeSubstitutionsOf(users.companyId, users.id, today));
    const [row] = await db
      .select({
        ...guardStateFields(db, key, address, now, knownSince),
        company: companies,
        user: users,
        twoFactorConfirmedAt: userTwoFactor.confirmedAt,
        substituteCount: sql<number | null>`${substitutions}`.mapWith(Number),
      })
      .from(oneRow)
      .leftJoin(companies, eq(sql`lower(${companies.code})`, key.companyCode))
      .leftJoin(users, and(eq(users.companyId, companies.id), eq(sql`lower(${users.login})`, key.login)))
      .leftJoin(userTwoFactor, and(eq(userTwoFactor.companyId, users.companyId), eq(userTwoFactor.userId, users.id)));
    const { throttledUntil, knownAddress, lockedUntil, company, user, twoFactorConfirmedAt, substituteCount } = row!;
    return {
      guard: { throttledUntil, knownAddress, lockedUntil } satisfies GuardState,
      company: company ? toCompanyRecord(company) : null,
      user,
      twoFactorEnabled: twoFactorConfirmedAt !== null,
      substituteCount: substituteCount ?? 0,
    };
  },

  /**
   * The user's permissions: direct grants, those of every unblocked role they hold and of
   * each role's parent chain, and the permissions and roles handed over to them
   * (permission_transfers) whose period includes `today` (YYYY-MM-DD, Warsaw). With `today` null,
   * only what the user holds themselves: what they may hand over in turn.
   */
  async permissionMapOf(db: Executor, companyId: number, userId: number, today: string | null): Promise<PermissionMap> {
    const transferredRoles =
      today === null
        ? sql``
        : sql`UNION
          SELECT r.id FROM permission_transfers pt JOIN roles r ON r.id = pt.role_id
           WHERE pt.to_user_id = ${userId} AND pt.company_id = ${companyId} AND r.company_id = ${companyId} AND NOT r.is_blocked
             AND (pt.date_from IS NULL OR pt.date_from <= ${today}::date) AND (pt.date_to IS NULL OR pt.date_to >= ${today}::date)`;
    const transferredPermissions =
      today === null
        ? sql``
        : sql`UNION
      SELECT pt.permission_name FROM permission_transfers pt
       WHERE pt.to_user_id = ${userId} AND pt.company_id = ${companyId} AND pt.permission_name IS NOT NULL
         AND (pt.date_from IS NULL OR pt.date_from <= ${today}::date) AND (pt.date_to IS NULL OR pt.date_to >= ${today}::date)`;
    const result = await db.execute(sql`
      WITH RECURSIVE held(role_id, depth) AS (
        SELECT base.role_id, 0 FROM (
          SELECT r.id AS role_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id
           WHERE ur.user_id = ${userId} AND r.company_id = ${companyId} AND NOT r.is_blocked
          ${transferredRoles}
        ) base
        UNION
        SELECT p.id, held.depth + 1 FROM held JOIN roles c ON c.id = held.role_id JOIN roles p ON p.id = c.parent_role_id
         WHERE p.company_id = ${companyId} AND NOT p.is_blocked AND held.depth < 20
      )
      SELECT rp.permission_name FROM held JOIN role_permissions rp ON rp.role_id = held.role_id
      UNION
      SELECT up.permission_name FROM user_permissions up JOIN users u ON u.id = up.user_id
       WHERE up.user_id = ${userId} AND u.company_id = ${companyId}
      ${transferredPermissions}
    `);
    // Both drivers (pg and PGlite) answer raw SQL with a `rows` array.
    const { rows } = result as unknown as { rows: { permission_name: string }[] };
    return toPermissionMap(rows.map((row) => row.permission_name));
  },

  /** How many absent colleagues the user may log in as today. */
  async activeSubstitutionCount(db: Executor, companyId: number, userId: number, today: string): Promise<number> {
    const [row] = await db.select({ value: count() }).from(substitutes).where(activeSubstitutionsOf(companyId, userId, today));
    return row?.value ?? 0;
  },

  async updateLanguage(db: Executor, companyId: number, userId: number, language: string): Promise<void> {
    await db
      .update(users)
      .set({ language, updatedAt: sql`now()` })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  },

  async updatePassword(db: Executor, companyId: number, userId: number, passwordHash: string, now: Date): Promise<void> {
    await db
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now, version: sql`${users.version} + 1` })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  },

  // --- failed logins -------------------------------------------------------

  /**
   * Counts one more failure atomically and locks the key when the limit is reached.
   * Returns the lock end when this failure locked it.
   */
  async recordFailedLogin(
    db: Executor,
    key: { companyCode: string; login: string },
    now: Date,
    limit: number,
    lockMinutes: number,
  ): Promise<Date | null> {
    const lockUntil = new Date(now.getTime() + lockMinutes * 60_000);
    const [row] = await db
      .insert(loginAttempts)
      .values({ companyCode: key.companyCode, login: key.login, failedCount: 1, lastFailedAt: now, lockedUntil: limit <= 1 ? lockUntil : null })
      .onConflictDoUpdate({
        target: [loginAttempts.companyCode, loginAttempts.login],
        set: {
          // A lock that has run out starts a fresh count.
          failedCount: sql`CASE WHEN ${loginAttempts.lockedUntil} IS NOT NULL AND ${loginAttempts.lockedUntil} <= ${now.toISOString()}::timestamptz THEN 1 ELSE ${loginAttempts.failedCount} + 1 END`,
          lastFailedAt: now,
          lockedUntil: sql`CASE WHEN (CASE WHEN ${loginAttempts.lockedUntil} IS NOT NULL AND ${loginAttempts.lockedUntil} <= ${now.toISOString()}::timestamptz THEN 1 ELSE ${loginAttempts.failedCount} + 1 END) >= ${limit} THEN ${lockUntil.toISOString()}::timestamptz ELSE NULL END`,
        },
      })
      .returning();
    return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
  },

  /** Forgets the failures of a login and ends its lock (a new password set through the e-mailed link). */
  async clearFailedLogins(db: Executor, key: { companyCode: string; login: string }): Promise<void> {
    await db.delete(loginAttempts).where(and(eq(loginAttempts.companyCode, key.companyCode), eq(loginAttempts.login, key.login)));
  },

  /** The guard's state of an attempt, in one statement. */
  async guardState(db: Executor, key: LoginKey, address: string, now: Date, knownSince: Date): Promise<GuardState> {
    const [row] = await db.select(guardStateFields(db, key, address, now, knownSince)).from(oneRow);
    return row!;
  },

  /** Records a whole sign-in that succeeded (`signedInParts`), in one statement. */
  async recordSignIn(db: Executor, signedIn: SignedIn): Promise<void> {
    await rememberedAddress(db.with(...signedInParts(db, signedIn)), signedIn);
  },

  /**
   * Counts one more failure of the login from the address and of the address, each starting afresh
   * after `windowStart` without failures, and sets the delay `delayFor(count)` before the next attempt.
   * Counters untouched since `windowStart` are dropped on the way.
   */
  async recordThrottledFailure(
    db: Executor,
    key: { companyCode: string; login: string },
    address: string,
    now: Date,
    windowStart: Date,
    delayFor: { login: (failures: number) => number; address: (failures: number) => number },
  ): Promise<void> {
    await db.delete(loginThrottles).where(lt(loginThrottles.lastFailedAt, windowStart));
    const keys = [
      { scope: 'login' as const, companyCode: key.companyCode, login: key.login, delay: delayFor.login },
      { scope: 'address' as const, companyCode: '', login: '', delay: delayFor.address },
    ];
    for (const entry of keys) {
      const [row] = await db
        .insert(loginThrottles)
        .values({ scope: entry.scope, companyCode: entry.companyCode, login: entry.login, address, failedCount: 1, lastFailedAt: now })
        .onConflictDoUpdate({
          target: [loginThrottles.scope, loginThrottles.companyCode, loginThrottles.login, loginThrottles.address],
          set: { failedCount: sql`${loginThrottles.failedCount} + 1`, lastFailedAt: now },
        })
        .returning({ failedCount: loginThrottles.failedCount });
      const seconds = entry.delay(row!.failedCount);
      if (seconds > 0) {
        await db
          .update(loginThrottles)
          .set({ blockedUntil: new Date(now.getTime() + seconds * 1000) })
          .where(
            and(
              eq(loginThrottles.scope, entry.scope),
              eq(loginThrottles.companyCode, entry.companyCode),
              eq(loginThrottles.login, entry.login),
              eq(loginThrottles.address, address),
            ),
          );
      }
    }
  },

  // --- sessions -------------------------------------------------------------

  /**
   * Opens the session of a whole sign-in that succeeded and writes its audit row and what the sign-in writes
   * besides (`signedInParts`): one statement, so all of it is written or none (the session and its audit row
   * were one transaction), and one the embedded database runs as a parsed statement, which it does not inside
   * a transaction (`db/pglite-statements.ts`).
   */
  async openSession(
    db: Executor,
    session: { id: string; companyId: number; userId: number; contextUserId: number; ip: string; userAgent: string | undefined; now: Date; expiresAt: Date },
    audit: AuditRow,
    signedIn: SignedIn,
  ): Promise<void> {
    const opened = db.$with('opened_session').as(
      db.insert(sessions).values({
        id: session.id,
        companyId: session.companyId,
        userId: session.userId,
        contextUserId: session.contextUserId,
        ipAddress: session.ip,
        userAgent: session.userAgent?.slice(0, 500) ?? null,
        createdAt: session.now,
        lastActiveAt: session.now,
        expiresAt: session.expiresAt,
      }),
    );
    const remembered = db.$with('remembered_address').as(rememberedAddress(db, signedIn));
    await db.with(...signedInParts(db, signedIn), remembered, opened).insert(auditLog).values(audit);
  },

  /** An open session with its user and company, in one round trip (runs on every request). */
  async findOpenSessionWithAccount(db: Executor, sessionId: string): Promise<{ session: typeof sessions.$inferSelect; user: UserRow; company: CompanyRecord } | null> {
    const [row] = await db
      .select({ session: sessions, user: users, company: companies })
      .from(sessions)
      .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.companyId, sessions.companyId)))
      .innerJoin(companies, eq(companies.id, sessions.companyId))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
      .limit(1);
    return row ? { session: row.session, user: row.user, company: toCompanyRecord(row.company) } : null;
  },

  /**
   * The one look-up every request makes: an open session's times and context user with its company's
   * actor version, and the company the context user belongs to with its actor and rates versions (all
   * primary keys), enough to serve a cached actor (`actor-cache.ts`). The two companies differ only
   * while a provider administrator acts in a company's context.
   */
  findOpenSessionValidity(db: Executor, sessionId: string): Promise<SessionValidity | null> {
    return sessionValidityLoad(db)(sessionId);
  },

  /** Whom the session acts as (login-as, login-back). */
  async setSessionContext(db: Executor, sessionId: string, contextUserId: number): Promise<void> {
    await db.update(sessions).set({ contextUserId }).where(eq(sessions.id, sessionId));
  },

  async touchSession(db: Executor, sessionId: string, now: Date): Promise<void> {
    await db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, sessionId));
  },

  /** Ends an open session; false when it had already ended. */
  async endSession(db: Executor, sessionId: string, now: Date, reason: string): Promise<boolean> {
    const ended = await db
      .update(sessions)
      .set({ endedAt: now, endReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    return ended.length > 0;
  },

  /** Ends every open session of a user (password change, account disabled). */
  /** Ends the user's open sessions, all of them or all but `keepSessionId`; answers the ids it ended. */
  async endUserSessions(db: Executor, companyId: number, userId: number, now: Date, reason: string, keepSessionId?: string): Promise<string[]> {
    const ended = await db
      .update(sessions)
      .set({ endedAt: now, endReason: reason })
      .where(
        and(
          eq(sessions.companyId, companyId),
          eq(sessions.userId, userId),
          isNull(sessions.endedAt),
          keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
        ),
      )
      .returning({ id: sessions.id });
    return ended.map((row) => row.id);
  },

  // --- one-time action tokens ----------------------------------------------

  async createActionToken(
    db: Executor,
    token: { companyId: number; userId: number; purpose: string; tokenHash: string; expiresAt: Date; now: Date; subjectId?: number; subjectState?: string },
  ): Promise<void> {
    await db.insert(actionTokens).values({
      companyId: token.companyId,
      userId: token.userId,
      purpose: token.purpose,
      tokenHash: token.tokenHash,
      expiresAt: token.expiresAt,
      createdAt: token.now,
      subjectId: token.subjectId ?? null,
      subjectState: token.subjectState ?? null,
    });
  },

  async findActionToken(db: Executor, tokenHash: string, purpose: string, options: { forUpdate?: boolean } = {}) {
    const query = db
      .select()
      .from(actionTokens)
      .where(and(eq(actionTokens.tokenHash, tokenHash), eq(actionTokens.purpose, purpose)))
      .limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Spends a token once: true for the one request that found it unused. */
  async spendActionToken(db: Executor, id: number, now: Date): Promise<boolean> {
    const spent = await db
      .update(actionTokens)
      .set({ usedAt: now })
      .where(and(eq(actionTokens.id, id), isNull(actionTokens.usedAt)))
      .returning({ id: actionTokens.id });
    return spent.length > 0;
  },

  async markActionTokenUsed(db: Executor, id: number, now: Date): Promise<void> {
    await db.update(actionTokens).set({ usedAt: now }).where(eq(actionTokens.id, id));
  },

  // --- password reset requests ---------------------------------------------

  async countRecentResetRequests(db: Executor, key: { companyCode: string; login: string }, since: Date): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(passwordResetRequests)
      .where(
        and(
          eq(passwordResetRequests.companyCode, key.companyCode),
          eq(passwordResetRequests.login, key.login),
          gt(passwordResetRequests.createdAt, since),
        ),
      );
    return row?.value ?? 0;
  },

  async recordResetRequest(db: Executor, key: { companyCode: string; login: string }, ip: string, now: Date): Promise<void> {
    await db.insert(passwordResetRequests).values({ companyCode: key.companyCode, login: key.login, ipAddress: ip, createdAt: now });
  },
};
