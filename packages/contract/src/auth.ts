import { z } from 'zod';
import { PERMISSIONS, MODULES } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';

export const LANGUAGES = ['pl-PL', 'en-US'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

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

export const authApi = {
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    isPublic: true,
    summary: 'Log in with company, login and password',
    body: loginRequestSchema,
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
    response: sessionResponseSchema,
  }),
  generalSettings: defineEndpoint({
    method: 'GET',
    path: '/auth/get-general-settings',
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
