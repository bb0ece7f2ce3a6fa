import { z } from 'zod';
import { systemSettingsSchema } from '@delego/domain';
import { defineEndpoint } from './define-endpoint.ts';

/** The whole settings object; unknown keys are refused, missing ones take their defaults. */
export const systemSettingsBodySchema = systemSettingsSchema.strict();

export const systemSettingsApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/settings/system-settings',
    summary: "The company's system settings",
    response: z.object({ settings: systemSettingsSchema }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/settings/system-settings/save',
    summary: "Replace the company's system settings",
    body: systemSettingsBodySchema,
    response: z.object({ status: z.literal('ok'), settings: systemSettingsSchema }),
  }),
} as const;
