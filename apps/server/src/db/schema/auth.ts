import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** A login session; access tokens name it, so ending it refuses every token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The user acted as (login-as); equals user_id otherwise. */
    contextUserId: integer('context_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last request, written at most once a minute (`isActivityWriteDue`); the inactivity time runs from here. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, fixed at sign-in from the company's `session_max_hours`. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed logins per company code and login, known or not, so the answer never
 * reveals which logins exist. Only failures from addresses the login has never signed in
 * from count here, and the lock refuses only such addresses (`login-throttle.ts` in the domain).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    companyCode: text('company_code').notNull(),
    login: text('login').notNull(),
    failedCount: integer('failed_count').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyCode, t.login] })],
);

/**
 * Growing delays after failed logins: `scope` 'login' counts one login from one address,
 * 'address' every login from one address (company code and login empty). Known or unknown
 * logins alike.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    scope: text('scope', { enum: ['login', 'address'] }).notNull(),
    companyCode: text('company_code').notNull().default(''),
    login: text('login').notNull().default(''),
    address: text('address').notNull(),
    failedCount: integer('failed_count').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    /** No attempt of this key is checked before this time. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.companyCode, t.login, t.address] }), index('login_throttles_last_failed_idx').on(t.lastFailedAt)],
);

/** Addresses a login has signed in from successfully: the account lock does not apply to them. */
export const knownLoginAddresses = pgTable(
  'known_login_addresses',
  {
    companyCode: text('company_code').notNull(),
    login: text('login').notNull(),
    address: text('address').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyCode, t.login, t.address] })],
);

/**
 * One-time action tokens (password change, decisions by e-mail link). Only a
 * SHA-256 hash of the token is stored; it expires and works once.
 */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** What the token acts on (e.g. a document id), and the state it was issued for. */
    subjectId: integer('subject_id'),
    subjectState: text('subject_state'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('action_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Password-reset requests, known login or not, for limiting repeats. */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyCode: text('company_code').notNull(),
    login: text('login').notNull(),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_requests_key_idx').on(t.companyCode, t.login, t.createdAt)],
);

/**
 * A user's authenticator (RFC 6238 TOTP). The shared secret is stored encrypted (AES-256-GCM, key
 * derived from the server's secret: `two-factor-crypto.ts`) and never shown again after enrolment.
 * `confirmedAt` is empty while an enrolment waits for its first code; `lastUsedStep` is the time step
 * of the last accepted code, so each code works once (replay refused).
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  secretCiphertext: text('secret_ciphertext').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** One-time recovery codes of a user's second factor; only an argon2id hash of each is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The company's link to its main system (spec §1, §7 `auth/external-login`): tokens it signs for this
 * company name `issuer` and `audience`, and are checked with the HS256 shared secret (stored sealed with
 * AES-256-GCM like the authenticator secrets) or the RS256/ES256 public key. Users it signs in come back
 * to `returnUrl` when their session ends. The issuer names one company across the whole deployment.
 */
export const externalSystemLinks = pgTable(
  'external_system_links',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id),
    issuer: text('issuer').notNull(),
    audience: text('audience').notNull(),
    /** HS256 | RS256 | ES256 */
    algorithm: text('algorithm').notNull(),
    sharedSecretCiphertext: text('shared_secret_ciphertext'),
    publicKeyPem: text('public_key_pem'),
    returnUrl: text('return_url').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('external_system_links_issuer_unique').on(t.issuer)],
);

/** Ids (`jti`) of the main system's tokens already used, kept until the token would have expired: each works once. */
export const externalTokenUses = pgTable(
  'external_token_uses',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    jti: text('jti').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.jti] }), index('external_token_uses_expires_idx').on(t.expiresAt)],
);
