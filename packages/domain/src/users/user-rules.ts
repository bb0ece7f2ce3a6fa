import type { Issue } from '../common/errors.ts';

/** Spec §5 User and §9: a login has at least 6 characters. */
export const LOGIN_MIN_LENGTH = 6;
/** Spec §5 Other fields, §9: a passport or identity-card number has 9 characters. */
export const IDENTITY_DOCUMENT_LENGTH = 9;
/** Longest name, middle name or surname ("name not too long", spec §5). */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** A complete phone number has at least 9 digits (a Polish number without its prefix); E.164 allows 15. */
export const PHONE_MIN_DIGITS = 9;
export const PHONE_MAX_DIGITS = 15;

export const PAYMENT_TYPES = ['notSet', 'cash', 'transfer'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The fields of a user (spec §3 User) whose format rules both the form and the server apply. */
export interface UserProfileFields {
  name: string;
  middle_name?: string | null;
  surname: string;
  login: string;
  email: string;
  phone?: string | null;
  birth_date?: string | null;
  identity_document_number?: string | null;
  bank_account_number?: string | null;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
}

/** Digits, spaces, dashes and brackets, with an optional leading `+`. */
const PHONE_CHARACTERS = /^\+?[\d\s\-()]+$/;

export function phoneDigitCount(text: string): number {
  return text.replace(/\D/g, '').length;
}

/** The document number as stored: capitals without spaces. */
export function normaliseDocumentNumber(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** The account number as stored: its 26 digits, without spaces and without the `PL` prefix. */
export function normaliseBankAccount(text: string): string {
  const compact = text.replace(/[\s-]+/g, '').toUpperCase();
  return compact.startsWith('PL') ? compact.slice(2) : compact;
}

/**
 * A Polish account number (NRB, the IBAN without `PL`): 26 digits whose first two are
 * the IBAN check digits, so the IBAN checksum (ISO 13616, mod 97 = 1) must hold.
 */
export function isValidPolishBankAccount(text: string): boolean {
  const digits = normaliseBankAccount(text);
  if (!/^\d{26}$/.test(digits)) return false;
  // IBAN check: the country code (P = 25, L = 21) and check digits move to the end.
  const rearranged = `${digits.slice(2)}2521${digits.slice(0, 2)}`;
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** `12 3456 7890 …`: the grouping printed on Polish bank statements. */
export function formatBankAccount(digits: string): string {
  if (!/^\d{26}$/.test(digits)) return digits;
  return `${digits.slice(0, 2)} ${digits.slice(2).replace(/(\d{4})(?=\d)/g, '$1 ')}`;
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

/**
 * The format rules of a user's own data (spec §5 User and Other fields). Issues carry the
 * field names of the API body and codes translated by the web. `today` (YYYY-MM-DD) keeps a
 * birth date out of the future.
 */
export function validateUserProfile(user: UserProfileFields, options: { today?: string } = {}): Issue[] {
  const issues: Issue[] = [];
  const required = (field: keyof UserProfileFields) => {
    if (blank(user[field])) issues.push({ path: [field], code: 'global.error.required' });
  };
  const maxLength = (field: keyof UserProfileFields, max: number) => {
    const value = user[field];
    if (typeof value === 'string' && value.trim().length > max) issues.push({ path: [field], code: 'validation.maxLength', params: { max } });
  };

  required('name');
  required('surname');
  required('email');
  required('login');
  maxLength('name', NAME_MAX_LENGTH);
  maxLength('middle_name', NAME_MAX_LENGTH);
  maxLength('surname', NAME_MAX_LENGTH);

  const login = user.login.trim();
  if (login.length > 0) {
    if (/\s/.test(login)) issues.push({ path: ['login'], code: 'validation.loginWhitespace' });
    else if (login.length < LOGIN_MIN_LENGTH) issues.push({ path: ['login'], code: 'validation.loginTooShort', params: { min: LOGIN_MIN_LENGTH } });
  }

  const email = user.email.trim();
  if (email.length > 0 && !isValidEmail(email)) issues.push({ path: ['email'], code: 'validation.email' });

  if (!blank(user.phone)) {
    const phone = user.phone!.trim();
    const digits = phoneDigitCount(phone);
    if (!PHONE_CHARACTERS.test(phone) || digits > PHONE_MAX_DIGITS) issues.push({ path: ['phone'], code: 'validation.phoneInvalid' });
    else if (digits < PHONE_MIN_DIGITS) issues.push({ path: ['phone'], code: 'validation.phoneIncomplete' });
  }

  if (!blank(user.identity_document_number)) {
    const number = normaliseDocumentNumber(user.identity_document_number!);
    if (!/^[A-Z0-9]+$/.test(number)) issues.push({ path: ['identity_document_number'], code: 'validation.documentNumberCharacters' });
    else if (number.length !== IDENTITY_DOCUMENT_LENGTH) {
      issues.push({ path: ['identity_document_number'], code: 'validation.documentNumberLength', params: { length: IDENTITY_DOCUMENT_LENGTH } });
    }
  }

  if (!blank(user.bank_account_number)) {
    const digits = normaliseBankAccount(user.bank_account_number!);
    if (!/^\d{26}$/.test(digits)) issues.push({ path: ['bank_account_number'], code: 'validation.bankAccountLength' });
    else if (!isValidPolishBankAccount(digits)) issues.push({ path: ['bank_account_number'], code: 'validation.bankAccountChecksum' });
  }

  if (!blank(user.birth_date) && options.today && user.birth_date! > options.today) {
    issues.push({ path: ['birth_date'], code: 'validation.dateInFuture' });
  }
  return issues;
}

/**
 * Whether making `superiorId` the superior of `userId` closes a loop in the chain of
 * superiors (a user must never end up above themselves). `superiorOf` maps each user to theirs.
 */
export function superiorChainHasLoop(userId: number | null, superiorId: number | null, superiorOf: ReadonlyMap<number, number | null>): boolean {
  if (superiorId === null) return false;
  if (userId !== null && superiorId === userId) return true;
  const seen = new Set<number>();
  for (let current: number | null | undefined = superiorId; current !== null && current !== undefined; current = superiorOf.get(current)) {
    if (current === userId) return true;
    if (seen.has(current)) return false;
    seen.add(current);
  }
  return false;
}
