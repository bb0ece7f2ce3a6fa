import { z } from 'zod';
import { systemSettingsPatchSchema, systemSettingsSchema } from '@delego/domain';
import { defineEndpoint } from './define-endpoint.ts';

/** The settings to change; unknown keys are refused, keys left out keep their saved values. */
export const systemSettingsBodySchema = systemSettingsPatchSchema;

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
    summary: "Change the company's system settings named in the body; the others keep their values",
    body: systemSettingsBodySchema,
    response: z.object({ status: z.literal('ok'), settings: systemSettingsSchema }),
  }),
} as const;
