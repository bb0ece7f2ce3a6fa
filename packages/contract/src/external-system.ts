import { z } from 'zod';
import { EXTERNAL_TOKEN_ALGORITHMS } from '@delego/domain';
import { defineEndpoint } from './define-endpoint.ts';

/** The company's link to its main system as the settings screen shows it: the shared secret is never sent back. */
export const externalSystemLinkSchema = z.object({
  issuer: z.string(),
  audience: z.string(),
  algorithm: z.enum(EXTERNAL_TOKEN_ALGORITHMS),
  has_shared_secret: z.boolean(),
  public_key_pem: z.string(),
  return_url: z.string(),
  is_enabled: z.boolean(),
});
export type ExternalSystemLink = z.infer<typeof externalSystemLinkSchema>;

/** The link to save; an empty `shared_secret` keeps the stored one (the domain's `validateExternalSystemLink` checks the rest). */
export const externalSystemLinkBodySchema = z.strictObject({
  issuer: z.string().max(1000),
  audience: z.string().max(1000),
  algorithm: z.enum(EXTERNAL_TOKEN_ALGORITHMS),
  shared_secret: z.string().max(1000),
  public_key_pem: z.string().max(10_000),
  return_url: z.string().max(1000),
  is_enabled: z.boolean(),
});

export const externalSystemApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/settings/external-system',
    summary: "The company's link to its main system (external-system sign-in); null when there is none",
    response: z.object({ link: externalSystemLinkSchema.nullable() }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/settings/external-system/save',
    summary: "Link the company to its main system, or change the link",
    body: externalSystemLinkBodySchema,
    response: z.object({ status: z.literal('ok'), link: externalSystemLinkSchema }),
  }),
} as const;
