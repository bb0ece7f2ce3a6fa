import { z } from 'zod';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { oneTimeCodeField } from './auth.ts';

/** The signed-in user's own two-factor sign-in (`/profile/my-profile`). */
export const twoFactorStatusSchema = z.object({
  /** An authenticator is set up and confirmed. */
  enabled: z.boolean(),
  /** The user must sign in with a second factor (provider administrator, or a company requiring it of its administrators). */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The current password or a code (authenticator or recovery) proves it is the user who changes the factor. */
const confirmationBody = z.strictObject({ confirmation: z.string().min(1, 'global.error.required').max(256) });

export const twoFactorApi = {
  status: defineEndpoint({
    method: 'GET',
    path: '/settings/my-profile/two-factor',
    summary: "The user's two-factor sign-in: set up or not, required or not, recovery codes left",
    response: twoFactorStatusSchema,
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/settings/my-profile/two-factor/start',
    summary: 'A new authenticator secret (QR code and text) to confirm with its first code',
    response: z.object({ secret: z.string(), otpauth_uri: z.string(), qr_code: z.string() }),
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/settings/my-profile/two-factor/confirm',
    summary: 'Turns two-factor sign-in on with the first code; the recovery codes are shown this once',
    body: z.strictObject({ code: oneTimeCodeField }),
    response: z.object({ recovery_codes: z.array(z.string()) }),
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/settings/my-profile/two-factor/disable',
    summary: 'Turns two-factor sign-in off (current password or a code)',
    body: confirmationBody,
    response: okResponseSchema,
  }),
  regenerateRecoveryCodes: defineEndpoint({
    method: 'POST',
    path: '/settings/my-profile/two-factor/recovery-codes',
    summary: 'New recovery codes in place of the old ones (current password or a code); shown this once',
    body: confirmationBody,
    response: z.object({ recovery_codes: z.array(z.string()) }),
  }),
} as const;
