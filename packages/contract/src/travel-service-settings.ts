import { z } from 'zod';
import {
  TRAVEL_MAIL_SUBJECT_TAGS,
  TRAVEL_PARAMETER_MAX_OPTIONS,
  TRAVEL_PARAMETER_OPTION_MAX_LENGTH,
  TRAVEL_PARAMETER_TYPES,
  systemSettingsSchema,
  travelParameterDefinitionIssues,
} from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { idField, requiredText, userSummarySchema } from './master-data-fields.ts';
import { idBodySchema } from './paging.ts';

export const travelServiceAcceptorSchema = userSummarySchema;
export type TravelServiceAcceptorDto = z.infer<typeof travelServiceAcceptorSchema>;

/** An extra field of travel-service orders (spec §3 additional_parameters). */
export const travelParameterSchema = z.object({
  id: z.number().int(),
  name_pl: z.string(),
  name_en: z.string(),
  type: z.enum(TRAVEL_PARAMETER_TYPES),
  options: z.array(z.string()),
  default_value: z.string().nullable(),
  is_required: z.boolean(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
});
export type TravelParameterDto = z.infer<typeof travelParameterSchema>;

export const travelParameterBodySchema = z
  .strictObject({
    id: idField.optional(),
    name_pl: requiredText(200),
    name_en: requiredText(200),
    type: z.enum(TRAVEL_PARAMETER_TYPES),
    /** Only a select keeps its options. */
    options: z.array(z.string().trim().max(TRAVEL_PARAMETER_OPTION_MAX_LENGTH, 'validation.tooLong')).max(TRAVEL_PARAMETER_MAX_OPTIONS, 'travelParameter.tooManyOptions'),
    /** Empty or null: no default. */
    default_value: z.string().trim().max(500, 'validation.tooLong').nullable(),
    is_required: z.boolean(),
    sort_order: z.number().int().min(0).max(9999),
    is_active: z.boolean(),
  })
  .superRefine((body, ctx) => {
    for (const issue of travelParameterDefinitionIssues(body)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.code });
  });

/** The template's tags are checked by the service, which can name an unknown tag in the issue. */
export const travelMailSubjectBodySchema = z.strictObject({ template: z.string().max(1000, 'validation.tooLong') });

/** The travel-module keys of the system settings this screen edits; the rest stays as it is. */
export const TRAVEL_SERVICE_SETTING_KEYS = ['insurance_behaviour', 'offer_change_rule', 'message_auto_read', 'is_insurance_separated', 'flight_is_return_route'] as const;

export const travelServiceSettingsSchema = systemSettingsSchema.pick({
  insurance_behaviour: true,
  offer_change_rule: true,
  message_auto_read: true,
  is_insurance_separated: true,
  flight_is_return_route: true,
});
export type TravelServiceSettings = z.infer<typeof travelServiceSettingsSchema>;

export const travelServiceSettingsApi = {
  acceptorList: defineEndpoint({
    method: 'GET',
    path: '/settings/travel-service/acceptors',
    summary: 'Users who accept travel-service orders',
    response: z.object({ items: z.array(travelServiceAcceptorSchema) }),
  }),
  acceptorAdd: defineEndpoint({
    method: 'POST',
    path: '/settings/travel-service/acceptors/add',
    summary: 'Make a user a travel-service acceptor',
    body: z.strictObject({ user_id: idField }),
    response: okResponseSchema,
  }),
  acceptorRemove: defineEndpoint({
    method: 'POST',
    path: '/settings/travel-service/acceptors/remove',
    summary: 'Stop a user accepting travel-service orders',
    body: z.strictObject({ user_id: idField }),
    response: okResponseSchema,
  }),
  parameterList: defineEndpoint({
    method: 'GET',
    path: '/settings/travel-service/additional-parameters/list',
    summary: 'Extra fields of travel-service orders, in their order',
    response: z.object({ items: z.array(travelParameterSchema) }),
  }),
  parameterSave: defineEndpoint({
    method: 'POST',
    path: '/settings/travel-service/additional-parameters/save',
    summary: 'Create or change an extra field',
    body: travelParameterBodySchema,
    response: z.object({ status: z.literal('ok'), parameter: travelParameterSchema }),
  }),
  parameterDelete: defineEndpoint({
    method: 'POST',
    path: '/settings/travel-service/additional-parameters/delete',
    summary: 'Delete an extra field',
    body: idBodySchema,
    response: okResponseSchema,
  }),
  mailSubject: defineEndpoint({
    method: 'GET',
    path: '/settings/travel-service/mail-subject',
    summary: 'The subject template of travel-service e-mails, with the default and the tags',
    response: z.object({ template: z.string(), default_template: z.string(), tags: z.array(z.enum(TRAVEL_MAIL_SUBJECT_TAGS)) }),
  }),
  mailSubjectSave: defineEndpoint({
    method: 'POST',
    path: '/settings/travel-service/mail-subject/save',
    summary: 'Save the subject template of travel-service e-mails',
    body: travelMailSubjectBodySchema,
    response: z.object({ status: z.literal('ok'), template: z.string() }),
  }),
  additionalSettings: defineEndpoint({
    method: 'GET',
    path: '/settings/travel-service/additional-settings',
    summary: 'The travel-module system settings (insurance, offer changes, messages, flights)',
    response: z.object({ settings: travelServiceSettingsSchema }),
  }),
  additionalSettingsSave: defineEndpoint({
    method: 'POST',
    path: '/settings/travel-service/additional-settings/save',
    summary: 'Change only the travel-module keys of the system settings',
    body: travelServiceSettingsSchema.strict(),
    response: z.object({ status: z.literal('ok'), settings: travelServiceSettingsSchema }),
  }),
} as const;
