import { z } from 'zod';
import { PASSWORD_EXPIRY_CHOICES } from '../auth/password-policy.ts';
import { DEFAULT_SESSION_MAX_HOURS } from '../auth/session-lifetime.ts';
import { DEFAULT_TRAVEL_MAIL_SUBJECT, TRAVEL_MAIL_SUBJECT_MAX_LENGTH } from '../master-data/mail-subject.ts';
import { BUDGET_EXCEEDED_RULES } from '../budgets/budget-figures.ts';

export { MODULE_ENABLED, MODULES, isModuleEnabled, type ModuleName } from './modules.ts';

const moduleFlag = z.union([z.literal(1), z.literal(2)]);
/** Spec §6: flags where 2 means true. */
const twoMeansTrue = z.union([z.literal(1), z.literal(2)]);

export const EMAIL_NOTIFICATION_MODES = ['disabled', 'notify', 'notifyWithActionLinks'] as const;
export const DOCUMENT_VIEWS = ['standardPl', 'standardPlEn', 'summaryPl', 'summaryPlEn', 'summaryCompact'] as const;
export const DOCUMENT_LANGUAGES = ['pl', 'plEn'] as const;
export const PDF_ROTATIONS = ['keep', 'rotate270'] as const;
export const NUMBERING_ASSIGNMENTS = ['manual', 'autoEditable', 'autoOnly'] as const;
export const NUMBERING_BASE_DATES = ['creation', 'startDate', 'endDate', 'sendDate', 'acceptDate'] as const;
export const TRIP_ORDER_REQUIREMENTS = ['disabled', 'optional', 'required'] as const;
export const ADVANCE_FLOWS = ['basic', 'extended'] as const;
export const DATE_DIFFERENCE_OPTIONS = ['none', 'sameDay', 'h1', 'h3', 'h6', 'h12', 'h24', 'h48', 'identical'] as const;
export const DISTANCE_VERIFICATIONS = ['none', 'commentRequired', 'blockSaving'] as const;
export const DOMESTIC_PARTS_POLICIES = ['summed', 'separate'] as const;
export const EXCHANGE_RATE_DATE_RULES = ['advancePaymentDay', 'lastTableBeforeCost', 'lastTableBeforeSettlement'] as const;
export const HOTEL_LIMIT_EXCESS_POLICIES = ['acceptorConsent', 'never'] as const;

/**
 * Every company setting of spec §4, §6 and §9, with its default. Stored per company;
 * every part of the app that depends on a setting reads it from here.
 */
export const systemSettingsSchema = z.object({
  modules: z
    .object({
      delegation: moduleFlag.default(2),
      travel_service: moduleFlag.default(2),
      accounting_export: moduleFlag.default(1),
      all_bookings: moduleFlag.default(2),
      flight_bookings: moduleFlag.default(2),
    })
    .strict()
    .prefault({}),
  /** Inactivity minutes before the session ends. */
  session_time: z.number().int().min(1).max(24 * 60).default(30),
  /** Hours after signing in when a session ends however active it is (ASVS 5.0 7.3.2). */
  session_max_hours: z.number().int().min(1).max(24).default(DEFAULT_SESSION_MAX_HOURS),
  failed_login_limit: z.number().int().min(1).max(100).default(5),
  lock_minutes: z.number().int().min(1).max(24 * 60).default(15),
  password_min_length: z.number().int().min(6).max(128).default(8),
  password_require_lowercase: z.boolean().default(true),
  password_require_uppercase: z.boolean().default(true),
  password_require_digit: z.boolean().default(true),
  password_require_special: z.boolean().default(true),
  password_expiry: z.enum(PASSWORD_EXPIRY_CHOICES).default('never'),
  /** The company's administrators (`companyAdmin`) sign in with a second factor, enrolling at their next sign-in (`two-factor.ts`). */
  two_factor_for_administrators: z.boolean().default(false),
  /** Allowed client addresses or CIDR ranges; empty allows every address. */
  ip_allow_list: z.array(z.string().max(64)).max(200).default([]),
  email_notification_mode: z.enum(EMAIL_NOTIFICATION_MODES).default('notify'),
  document_language: z.enum(DOCUMENT_LANGUAGES).default('pl'),
  document_view: z.enum(DOCUMENT_VIEWS).default('standardPl'),
  pdf_rotation: z.enum(PDF_ROTATIONS).default('keep'),
  numbering_assignment: z.enum(NUMBERING_ASSIGNMENTS).default('autoOnly'),
  numbering_base_date: z.enum(NUMBERING_BASE_DATES).default('acceptDate'),
  trip_order_requirement: z.enum(TRIP_ORDER_REQUIREMENTS).default('optional'),
  advance_flow: z.enum(ADVANCE_FLOWS).default('basic'),
  multiple_advances: z.boolean().default(false),
  date_difference_vs_order: z.enum(DATE_DIFFERENCE_OPTIONS).default('none'),
  distance_verification: z.enum(DISTANCE_VERIFICATIONS).default('none'),
  /** Allowed difference against the maps distance, in percent. */
  distance_allowed_difference: z.number().int().min(0).max(100).default(10),
  /** Attachment size limit in megabytes. */
  attachment_max_mb: z.number().int().min(1).max(50).default(3),
  pdf_attachment_only: z.union([z.literal(0), z.literal(1)]).default(0),
  insurance_behaviour: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  offer_change_rule: z.union([z.literal(1), z.literal(2)]).default(1),
  message_auto_read: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  superior_is_acceptor: z.boolean().default(false),
  /** A trip order or settlement exceeding its cost centre's budget only warns, or also goes to the budget keepers for acceptance (docs/domain/budgets.md). */
  budget_exceeded_rule: z.enum(BUDGET_EXCEEDED_RULES).default('warn'),
  is_synchro_numbers: z.union([z.literal(0), z.literal(1)]).default(0),
  is_insurance_separated: z.union([z.literal(0), z.literal(1)]).default(0),
  flight_is_return_route: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  /** Subject of travel-service e-mails, with the tags of `TRAVEL_MAIL_SUBJECT_TAGS`. */
  travel_service_mail_subject: z.string().max(TRAVEL_MAIL_SUBJECT_MAX_LENGTH).default(DEFAULT_TRAVEL_MAIL_SUBJECT),
  is_wnt: twoMeansTrue.default(1),
  login_password_save: twoMeansTrue.default(2),
  /** § 21: the domestic parts before and after a foreign stay are summed (default) or each settled alone. */
  domestic_parts_of_foreign_trip: z.enum(DOMESTIC_PARTS_POLICIES).default('summed'),
  /** § 20 and the tax rules: which NBP table converts foreign amounts. */
  exchange_rate_date_rule: z.enum(EXCHANGE_RATE_DATE_RULES).default('lastTableBeforeSettlement'),
  /** § 8 ust. 2 / § 16 ust. 1: a hotel bill above the limit is refunded only with the acceptor's consent. */
  hotel_limit_excess: z.enum(HOTEL_LIMIT_EXCESS_POLICIES).default('acceptorConsent'),
});

export type SystemSettings = z.output<typeof systemSettingsSchema>;
export type SystemSettingsInput = z.input<typeof systemSettingsSchema>;

/** The field without its default: a key left out of a change stays as it is. */
function withoutDefault(field: z.ZodType): z.ZodType {
  const def = (field as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } })._zod.def;
  return (def.type === 'default' || def.type === 'prefault') && def.innerType ? def.innerType : field;
}

const modulesShape = (withoutDefault(systemSettingsSchema.shape.modules) as typeof systemSettingsSchema.shape.modules._zod.def.innerType).shape;

/**
 * A change of some settings: every key optional and without its default, unknown keys refused.
 * Saving it changes only the keys it names (issue 15: a save never resets the others to defaults).
 */
export const systemSettingsPatchSchema = z
  .object({
    ...Object.fromEntries(Object.entries(systemSettingsSchema.shape).map(([key, field]) => [key, withoutDefault(field).optional()])),
    modules: z
      .object(Object.fromEntries(Object.entries(modulesShape).map(([key, field]) => [key, withoutDefault(field).optional()])))
      .strict()
      .optional(),
  })
  .strict() as unknown as z.ZodType<SystemSettingsPatch, SystemSettingsPatch>;

export type SystemSettingsPatch = Partial<Omit<SystemSettings, 'modules'>> & { modules?: Partial<SystemSettings['modules']> };

/** The settings after a change: the keys it names replaced, the others (and the other modules) kept. */
export function applySystemSettingsPatch(current: SystemSettings, patch: SystemSettingsPatch): SystemSettings {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  return systemSettingsSchema.parse({ ...current, ...defined, modules: { ...current.modules, ...patch.modules } });
}

/** The settings a new company starts with. */
export function defaultSystemSettings(): SystemSettings {
  return systemSettingsSchema.parse({});
}

export function passwordPolicyOf(settings: SystemSettings) {
  return {
    min_length: settings.password_min_length,
    require_lowercase: settings.password_require_lowercase,
    require_uppercase: settings.password_require_uppercase,
    require_digit: settings.password_require_digit,
    require_special: settings.password_require_special,
  };
}
