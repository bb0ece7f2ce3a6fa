import type { Issue } from '../common/errors.ts';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, isValidEmail, phoneDigitCount } from '../users/user-rules.ts';
import { isValidNip } from './tax-id.ts';

/** Polish postal code, e.g. 00-950. */
export function isPolishPostalCode(value: string): boolean {
  return /^\d{2}-\d{3}$/.test(value);
}

/** A foreign tax id (VAT number): letters and digits, as its country writes it without separators. */
const FOREIGN_TAX_ID = /^[A-Z0-9]{2,20}$/;

export interface ContractorContactFields {
  tax_id: string | null;
  country_code: string;
  postal_code: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * The format rules of an external company (contractor): for a Polish one the tax id is a NIP
 * (ten digits with checksum) and the postal code 00-000; elsewhere a VAT number of letters and
 * digits. E-mail valid, phone complete (spec §5 Other fields). Empty optional fields are fine.
 */
export function contractorIssues(input: ContractorContactFields): Issue[] {
  const issues: Issue[] = [];
  const isPolish = input.country_code === 'PL';
  if (input.tax_id) {
    if (isPolish && !isValidNip(input.tax_id)) issues.push({ path: ['tax_id'], code: 'contractor.nipInvalid' });
    if (!isPolish && !FOREIGN_TAX_ID.test(input.tax_id.replace(/[\s-]/g, '').toUpperCase())) issues.push({ path: ['tax_id'], code: 'contractor.taxIdInvalid' });
  }
  if (input.postal_code && isPolish && !isPolishPostalCode(input.postal_code)) issues.push({ path: ['postal_code'], code: 'contractor.postalCodeInvalid' });
  if (input.email && !isValidEmail(input.email)) issues.push({ path: ['email'], code: 'validation.email' });
  if (input.phone) {
    const digits = phoneDigitCount(input.phone);
    if (!/^\+?[\d\s\-()]+$/.test(input.phone) || digits > PHONE_MAX_DIGITS) issues.push({ path: ['phone'], code: 'validation.phoneInvalid' });
    else if (digits < PHONE_MIN_DIGITS) issues.push({ path: ['phone'], code: 'validation.phoneIncomplete' });
  }
  return issues;
}
