import {
  formatBankAccount,
  toLocalDate,
  validateNewPassword,
  validateUserProfile,
  type Issue,
  type PasswordExpiry,
  type PasswordPolicy,
  type PaymentType,
  type Permission,
} from '@delego/domain';
import type { Language, UserDetail, UserSaveBody } from '@delego/contract';

/** The editor's values: texts as typed, a select's choice as its id text ('' for none). */
export interface UserFormValues {
  name: string;
  middle_name: string;
  surname: string;
  login: string;
  email: string;
  password: string;
  repeat_password: string;
  phone: string;
  birth_date: string;
  identity_document_number: string;
  identity_document_expiry: string;
  identity_document_issue_place: string;
  nationality: string;
  /** '' follows the company setting. */
  password_expiry: '' | PasswordExpiry;
  notify_of_all_offers: boolean;
  integration_id: string;
  superior_id: string;
  organization_unit_id: string;
  private_vehicle_id: string;
  default_vehicle_id: string;
  bank_name: string;
  bank_account_number: string;
  cost_centre_ids: number[];
  default_cost_centre_id: string;
  rate_group_id: string;
  language: Language;
  position: string;
  department: string;
  responsibilities: string;
  payment_type: PaymentType;
  is_active: boolean;
  role_ids: number[];
  permissions: Permission[];
}

export type UserField = keyof UserFormValues;

/** The editor's tabs (spec §2 users/edit/{id}/{tab}) and the fields each holds. */
export const USER_TABS = ['basic', 'cost-centre', 'delegation', 'roles-and-permissions', 'additional-data'] as const;
export type UserTab = (typeof USER_TABS)[number];

export const FIELDS_BY_TAB: Record<UserTab, readonly UserField[]> = {
  basic: ['name', 'middle_name', 'surname', 'login', 'email', 'password', 'repeat_password', 'phone', 'language', 'password_expiry', 'is_active'],
  'cost-centre': ['cost_centre_ids', 'default_cost_centre_id'],
  delegation: ['superior_id', 'organization_unit_id', 'rate_group_id', 'private_vehicle_id', 'default_vehicle_id', 'payment_type', 'bank_name', 'bank_account_number'],
  'roles-and-permissions': ['role_ids', 'permissions'],
  'additional-data': [
    'birth_date',
    'identity_document_number',
    'identity_document_expiry',
    'identity_document_issue_place',
    'nationality',
    'notify_of_all_offers',
    'integration_id',
    'position',
    'department',
    'responsibilities',
  ],
};

export const USER_FIELDS = USER_TABS.flatMap((tab) => FIELDS_BY_TAB[tab]);

export function tabOfField(field: string): UserTab | undefined {
  return USER_TABS.find((tab) => (FIELDS_BY_TAB[tab] as readonly string[]).includes(field));
}

export function emptyUserValues(defaultRoleIds: number[]): UserFormValues {
  return {
    name: '',
    middle_name: '',
    surname: '',
    login: '',
    email: '',
    password: '',
    repeat_password: '',
    phone: '',
    birth_date: '',
    identity_document_number: '',
    identity_document_expiry: '',
    identity_document_issue_place: '',
    nationality: '',
    password_expiry: '',
    notify_of_all_offers: false,
    integration_id: '',
    superior_id: '',
    organization_unit_id: '',
    private_vehicle_id: '',
    default_vehicle_id: '',
    bank_name: '',
    bank_account_number: '',
    cost_centre_ids: [],
    default_cost_centre_id: '',
    rate_group_id: '',
    language: 'pl-PL',
    position: '',
    department: '',
    responsibilities: '',
    payment_type: 'notSet',
    is_active: true,
    role_ids: defaultRoleIds,
    permissions: [],
  };
}

const idText = (id: number | null) => (id === null ? '' : String(id));

export function userValuesFromDetail(user: UserDetail): UserFormValues {
  return {
    name: user.name,
    middle_name: user.middle_name ?? '',
    surname: user.surname,
    login: user.login,
    email: user.email,
    password: '',
    repeat_password: '',
    phone: user.phone ?? '',
    birth_date: user.birth_date ?? '',
    identity_document_number: user.identity_document_number ?? '',
    identity_document_expiry: user.identity_document_expiry ?? '',
    identity_document_issue_place: user.identity_document_issue_place ?? '',
    nationality: user.nationality ?? '',
    password_expiry: user.password_expiry ?? '',
    notify_of_all_offers: user.notify_of_all_offers,
    integration_id: user.integration_id ?? '',
    superior_id: idText(user.superior_id),
    organization_unit_id: idText(user.organization_unit_id),
    private_vehicle_id: idText(user.private_vehicle_id),
    default_vehicle_id: idText(user.default_vehicle_id),
    bank_name: user.bank_name ?? '',
    bank_account_number: user.bank_account_number ? formatBankAccount(user.bank_account_number) : '',
    cost_centre_ids: user.cost_centre_ids,
    default_cost_centre_id: idText(user.default_cost_centre_id),
    rate_group_id: idText(user.rate_group_id),
    language: user.language,
    position: user.position ?? '',
    department: user.department ?? '',
    responsibilities: user.responsibilities ?? '',
    payment_type: user.payment_type,
    is_active: user.is_active,
    role_ids: user.role_ids,
    permissions: user.permissions,
  };
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text);
const idOrNull = (text: string) => (text === '' ? null : Number(text));

export function userBodyFromValues(values: UserFormValues, existing: { id: number; version: number } | null): UserSaveBody {
  return {
    ...(existing ? { id: existing.id, version: existing.version } : {}),
    name: values.name,
    middle_name: textOrNull(values.middle_name),
    surname: values.surname,
    login: values.login,
    email: values.email,
    password: textOrNull(values.password),
    repeat_password: textOrNull(values.repeat_password),
    phone: textOrNull(values.phone),
    birth_date: textOrNull(values.birth_date),
    identity_document_number: textOrNull(values.identity_document_number),
    identity_document_expiry: textOrNull(values.identity_document_expiry),
    identity_document_issue_place: textOrNull(values.identity_document_issue_place),
    nationality: textOrNull(values.nationality),
    password_expiry: values.password_expiry === '' ? null : values.password_expiry,
    notify_of_all_offers: values.notify_of_all_offers,
    integration_id: textOrNull(values.integration_id),
    superior_id: idOrNull(values.superior_id),
    organization_unit_id: idOrNull(values.organization_unit_id),
    private_vehicle_id: idOrNull(values.private_vehicle_id),
    default_vehicle_id: idOrNull(values.default_vehicle_id),
    bank_name: textOrNull(values.bank_name),
    bank_account_number: textOrNull(values.bank_account_number),
    cost_centre_ids: values.cost_centre_ids,
    default_cost_centre_id: idOrNull(values.default_cost_centre_id),
    rate_group_id: idOrNull(values.rate_group_id),
    language: values.language,
    position: textOrNull(values.position),
    department: textOrNull(values.department),
    responsibilities: textOrNull(values.responsibilities),
    payment_type: values.payment_type,
    is_active: values.is_active,
    role_ids: values.role_ids,
    permissions: values.permissions,
  };
}

/** The server's rules that need no database, applied before sending (spec §5 User, Other fields). */
export function validateUserForm(values: UserFormValues, context: { isNew: boolean; policy: PasswordPolicy }): Issue[] {
  const issues = validateUserProfile(
    {
      name: values.name,
      middle_name: values.middle_name,
      surname: values.surname,
      login: values.login,
      email: values.email,
      phone: values.phone,
      birth_date: values.birth_date,
      identity_document_number: values.identity_document_number,
      bank_account_number: values.bank_account_number,
    },
    { today: toLocalDate(new Date()) },
  );
  if (context.isNew || values.password !== '' || values.repeat_password !== '') {
    const passwordIssues = validateNewPassword(values.password, context.policy, { path: ['password'], repeated: values.repeat_password });
    issues.push(...passwordIssues.map((issue) => (issue.code === 'validation.required' ? { ...issue, code: 'global.error.required' } : issue)));
  }
  const defaultCentre = idOrNull(values.default_cost_centre_id);
  if (defaultCentre === null && values.cost_centre_ids.length > 0) issues.push({ path: ['default_cost_centre_id'], code: 'user.defaultCostCentreRequired' });
  else if (defaultCentre !== null && !values.cost_centre_ids.includes(defaultCentre)) {
    issues.push({ path: ['default_cost_centre_id'], code: 'user.defaultCostCentreNotAssigned' });
  }
  return issues;
}
