import {
  ADVANCE_FLOWS,
  DATE_DIFFERENCE_OPTIONS,
  DISTANCE_VERIFICATIONS,
  DOCUMENT_LANGUAGES,
  DOCUMENT_VIEWS,
  DOMESTIC_PARTS_POLICIES,
  EMAIL_NOTIFICATION_MODES,
  EXCHANGE_RATE_DATE_RULES,
  HOTEL_LIMIT_EXCESS_POLICIES,
  BUDGET_EXCEEDED_RULES,
  MODULES,
  NUMBERING_ASSIGNMENTS,
  NUMBERING_BASE_DATES,
  PASSWORD_EXPIRY_CHOICES,
  PDF_ROTATIONS,
  TRIP_ORDER_REQUIREMENTS,
  type ModuleName,
  type SystemSettings,
} from '@delego/domain';

type Scalar = string | number | boolean;

/** How one setting is edited. `key` is the form field; `read`/`write` move it to and from the settings object. */
export type SettingDefinition =
  | { kind: 'switch'; key: string; read: (s: SystemSettings) => boolean; write: (s: SystemSettings, on: boolean) => void }
  | { kind: 'select'; key: string; choices: readonly Scalar[]; read: (s: SystemSettings) => Scalar; write: (s: SystemSettings, value: Scalar) => void; unsafe?: Scalar }
  | { kind: 'number'; key: string; min: number; max: number; unit: string; read: (s: SystemSettings) => number; write: (s: SystemSettings, value: number) => void }
  | { kind: 'ipList'; key: 'ip_allow_list' };

type Writable = Record<string, unknown>;

/** A setting stored under its own key. */
function plain<K extends keyof SystemSettings>(key: K) {
  return {
    key,
    read: (s: SystemSettings) => s[key] as never,
    write: (s: SystemSettings, value: unknown) => {
      (s as unknown as Writable)[key] = value;
    },
  };
}

/** An on/off setting stored as two values (spec §6: 2 means true for some flags, 1 for others). */
function flag<K extends keyof SystemSettings>(key: K, on: SystemSettings[K], off: SystemSettings[K]): SettingDefinition {
  return {
    kind: 'switch',
    key,
    read: (s) => s[key] === on,
    write: (s, isOn) => {
      (s as unknown as Writable)[key] = isOn ? on : off;
    },
  };
}

function select<K extends keyof SystemSettings>(key: K, choices: readonly Scalar[], unsafe?: Scalar): SettingDefinition {
  return { kind: 'select', choices, unsafe, ...plain(key) };
}

function numberSetting<K extends keyof SystemSettings>(key: K, min: number, max: number, unit: string): SettingDefinition {
  return { kind: 'number', min, max, unit, ...plain(key) };
}

function moduleSwitch(module: ModuleName): SettingDefinition {
  return {
    kind: 'switch',
    key: `module_${module}`,
    read: (s) => s.modules[module] === 2,
    write: (s, on) => {
      s.modules = { ...s.modules, [module]: on ? 2 : 1 };
    },
  };
}

/** Every setting of `systemSettingsSchema` that this screen edits, grouped (spec §4, §6, §9). */
export const SETTING_GROUPS: ReadonlyArray<{ key: string; settings: readonly SettingDefinition[] }> = [
  { key: 'modules', settings: MODULES.map(moduleSwitch) },
  {
    key: 'security',
    settings: [
      numberSetting('session_time', 1, 24 * 60, 'minutes'),
      numberSetting('session_max_hours', 1, 24, 'hours'),
      numberSetting('failed_login_limit', 1, 100, 'attempts'),
      numberSetting('lock_minutes', 1, 24 * 60, 'minutes'),
      numberSetting('password_min_length', 6, 128, 'characters'),
      flag('password_require_lowercase', true, false),
      flag('password_require_uppercase', true, false),
      flag('password_require_digit', true, false),
      flag('password_require_special', true, false),
      select('password_expiry', PASSWORD_EXPIRY_CHOICES),
      flag('two_factor_for_administrators', true, false),
      flag('login_password_save', 2, 1),
      { kind: 'ipList', key: 'ip_allow_list' },
    ],
  },
  { key: 'notifications', settings: [select('email_notification_mode', EMAIL_NOTIFICATION_MODES, 'notifyWithActionLinks')] },
  { key: 'documents', settings: [select('document_language', DOCUMENT_LANGUAGES), select('document_view', DOCUMENT_VIEWS), select('pdf_rotation', PDF_ROTATIONS)] },
  { key: 'numbering', settings: [select('numbering_assignment', NUMBERING_ASSIGNMENTS), select('numbering_base_date', NUMBERING_BASE_DATES), flag('is_synchro_numbers', 1, 0)] },
  {
    key: 'tripRules',
    settings: [
      select('trip_order_requirement', TRIP_ORDER_REQUIREMENTS),
      select('advance_flow', ADVANCE_FLOWS),
      flag('multiple_advances', true, false),
      select('date_difference_vs_order', DATE_DIFFERENCE_OPTIONS),
      select('distance_verification', DISTANCE_VERIFICATIONS),
      numberSetting('distance_allowed_difference', 0, 100, 'percent'),
      flag('superior_is_acceptor', true, false),
      select('budget_exceeded_rule', BUDGET_EXCEEDED_RULES),
    ],
  },
  { key: 'attachments', settings: [numberSetting('attachment_max_mb', 1, 50, 'megabytes'), flag('pdf_attachment_only', 1, 0)] },
  {
    key: 'travelService',
    settings: [
      select('insurance_behaviour', [1, 2, 3]),
      select('offer_change_rule', [1, 2]),
      select('message_auto_read', [1, 2, 3]),
      flag('is_insurance_separated', 1, 0),
      select('flight_is_return_route', [0, 1, 2]),
    ],
  },
  {
    key: 'perDiem',
    settings: [
      select('domestic_parts_of_foreign_trip', DOMESTIC_PARTS_POLICIES),
      select('exchange_rate_date_rule', EXCHANGE_RATE_DATE_RULES),
      select('hotel_limit_excess', HOTEL_LIMIT_EXCESS_POLICIES),
    ],
  },
  { key: 'other', settings: [flag('is_wnt', 2, 1)] },
];

export const ALL_SETTINGS = SETTING_GROUPS.flatMap((group) => group.settings);

/** The form's values: switches as booleans, everything else as the text in its field. */
export type SettingsFormValues = Record<string, string | boolean>;

export function formValuesOf(settings: SystemSettings): SettingsFormValues {
  const values: SettingsFormValues = {};
  for (const setting of ALL_SETTINGS) {
    if (setting.kind === 'ipList') values[setting.key] = settings.ip_allow_list.join('\n');
    else if (setting.kind === 'switch') values[setting.key] = setting.read(settings);
    else values[setting.key] = String(setting.read(settings));
  }
  return values;
}

export function ipEntriesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The settings to save: the loaded object (so settings edited on other screens travel
 * unchanged) with this form's values written over it.
 */
export function settingsFromForm(loaded: SystemSettings, values: SettingsFormValues): SystemSettings {
  const settings: SystemSettings = structuredClone(loaded);
  for (const setting of ALL_SETTINGS) {
    const value = values[setting.key];
    if (setting.kind === 'ipList') settings.ip_allow_list = ipEntriesOf(String(value ?? ''));
    else if (setting.kind === 'switch') setting.write(settings, value === true);
    else if (setting.kind === 'number') setting.write(settings, Number(value));
    else setting.write(settings, setting.choices.find((choice) => String(choice) === value) ?? setting.read(loaded));
  }
  return settings;
}
