import { z } from 'zod';
import { PERMISSIONS, MODULES } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { GENERAL_SETTINGS_PATH } from './general-settings.ts';

export { LANGUAGES, type Language };
export const languageSchema = z.enum(LANGUAGES);

const permissionMapSchema = z.partialRecord(z.enum(PERMISSIONS), z.boolean());
const moduleFlagsShape = Object.fromEntries(MODULES.map((m) => [m, z.number().int()])) as Record<
  (typeof MODULES)[number],
  z.ZodNumber
>;

/** Session user properties (spec §3). */
export const userPropertiesSchema = z.object({
  user_id: z.number().int(),
  login: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  language: languageSchema,
  company_id: z.number().int(),
  company_code: z.string(),
  company_name: z.string(),
  /** The user whose account is being acted on (login-as); equals user_id otherwise. */
  context_user_id: z.number().int(),
  context_user_login: z.string(),
  permissions: permissionMapSchema,
  context_user_permissions: permissionMapSchema,
  system_settings: z.object({
    session_time: z.number().int(),
    modules: z.object(moduleFlagsShape),
    is_wnt: z.number().int(),
    login_password_save: z.number().int(),
  }),
  substitute_user_count: z.number().int(),
  can_login_as: z.boolean(),
  is_admin_context: z.boolean(),
  /** A provider administrator acting in a company's context: the way back is `log-in-back-admin-context`. */
  in_company_context: z.boolean(),
  is_external_user: z.boolean(),
  /** Where an external-system user goes when their session ends (the company's main system); null for everyone else. */
  external_return_url: z.string().nullable(),
});
export type UserProperties = z.infer<typeof userPropertiesSchema>;

export const sessionResponseSchema = z.object({
  access_token: z.string(),
  user_properties: userPropertiesSchema,
});

const companyField = z.string().trim().min(1, 'global.error.required').max(64);
const loginField = z.string().trim().min(1, 'global.error.required').max(128);
const passwordField = z.string().min(1, 'global.error.required').max(256);

export const loginRequestSchema = z.strictObject({ company: companyField, username: loginField, password: passwordField });

/**
 * The answer to a correct password when the account needs a second factor: no session yet, only a
 * short-lived one-time token for the second step — a code (`code`), or setting up an authenticator
 * first when the user must use one and has none (`enrolment`).
 */
export const signInStepSchema = z.object({
  second_step: z.enum(['code', 'enrolment']),
  sign_in_token: z.string(),
});
export type SignInStep = z.infer<typeof signInStepSchema>;
export const loginResponseSchema = z.union([sessionResponseSchema, signInStepSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A code from the authenticator app or a recovery code, as typed (spaces and dashes allowed). */
export const oneTimeCodeField = z.string().trim().min(1, 'global.error.required').max(32);
const signInTokenField = z.string().min(1).max(200);

export const authApi = {
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    isPublic: true,
    summary: 'Log in with company, login and password',
    body: loginRequestSchema,
    response: loginResponseSchema,
  }),
  signInWithCode: defineEndpoint({
    method: 'POST',
    path: '/auth/two-factor/verify',
    isPublic: true,
    summary: "The sign-in's second step: a code from the authenticator app, or a recovery code",
    body: z.strictObject({ sign_in_token: signInTokenField, code: oneTimeCodeField }),
    response: sessionResponseSchema,
  }),
  signInEnrolmentStart: defineEndpoint({
    method: 'POST',
    path: '/auth/two-factor/enrolment/start',
    isPublic: true,
    summary: 'A new authenticator secret for a user who must set one up before signing in',
    body: z.strictObject({ sign_in_token: signInTokenField }),
    response: z.object({ secret: z.string(), otpauth_uri: z.string(), qr_code: z.string() }),
  }),
  signInEnrolmentConfirm: defineEndpoint({
    method: 'POST',
    path: '/auth/two-factor/enrolment/confirm',
    isPublic: true,
    summary: "Confirms the new authenticator with its first code and signs in; the recovery codes are shown this once",
    body: z.strictObject({ sign_in_token: signInTokenField, code: oneTimeCodeField }),
    response: sessionResponseSchema.extend({ recovery_codes: z.array(z.string()) }),
  }),
  externalLogin: defineEndpoint({
    method: 'POST',
    path: '/auth/external-login',
    isPublic: true,
    summary: "Sign in a user of the company's main system with the short-lived token it signed (JWT: iss, aud, sub, exp, iat, jti)",
    body: z.strictObject({ externalUser: loginField, externalToken: z.string().min(1, 'global.error.required').max(8192) }),
    response: sessionResponseSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    summary: 'End the current session on the server',
    response: okResponseSchema,
  }),
  changeExpiredPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/change-expired-password',
    isPublic: true,
    summary: 'Replace an expired password and log in',
    body: z.strictObject({
      company: companyField,
      username: loginField,
      password: passwordField,
      new_password: z.string().max(256),
      repeat_password: z.string().max(256),
    }),
    response: loginResponseSchema,
  }),
  generalSettings: defineEndpoint({
    method: 'GET',
    path: GENERAL_SETTINGS_PATH,
    isPublic: true,
    summary: 'Login-page flags',
    response: z.object({ is_wnt: z.number().int(), login_password_save: z.number().int() }),
  }),
  refreshToken: defineEndpoint({
    method: 'GET',
    path: '/token-refresh/get',
    summary: 'A fresh access token for the current session',
    response: z.object({ token: z.string() }),
  }),
  userProperties: defineEndpoint({
    method: 'GET',
    path: '/token-refresh/user-properties',
    summary: 'The session user properties',
    response: userPropertiesSchema,
  }),
  updateMyLanguage: defineEndpoint({
    method: 'POST',
    path: '/settings/my-profile/update-my-language',
    summary: "Save the user's interface language",
    body: z.strictObject({ language: languageSchema }),
    response: okResponseSchema,
  }),
  passwordForgotten: defineEndpoint({
    method: 'POST',
    path: '/auth/password-forgotten',
    isPublic: true,
    summary: 'Send a one-time password-change link by e-mail',
    body: z.strictObject({ company: companyField, username: loginField }),
    response: okResponseSchema,
  }),
  passwordChangeLinkState: defineEndpoint({
    method: 'GET',
    path: '/action-by-link/user/password-change/:token',
    isPublic: true,
    summary: 'The state of a password-change link (opening it changes nothing)',
    params: z.strictObject({ token: z.string().min(1).max(200) }),
    response: z.object({
      state: z.enum(['valid', 'expired', 'used', 'notFound']),
      login: z.string().optional(),
      password_policy: z
        .object({
          min_length: z.number().int(),
          require_lowercase: z.boolean(),
          require_uppercase: z.boolean(),
          require_digit: z.boolean(),
          require_special: z.boolean(),
        })
        .optional(),
    }),
  }),
  passwordChangeByLink: defineEndpoint({
    method: 'POST',
    path: '/action-by-link/user/password-change',
    isPublic: true,
    summary: 'Set a new password with a one-time link token',
    body: z.strictObject({
      token: z.string().min(1).max(200),
      new_password: z.string().max(256),
      repeat_password: z.string().max(256),
    }),
    response: okResponseSchema,
  }),
} as const;
