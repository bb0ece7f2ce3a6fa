import type { Issue } from '../common/errors.ts';
import { ADMIN_COMPANY_CODE } from '../auth/permissions.ts';
import { isValidNip, normalizeNip } from '../master-data/tax-id.ts';
import { validateUserProfile } from '../users/user-rules.ts';

/** What the login form's company field takes: small letters, digits and dashes, starting with a letter or digit. */
export const COMPANY_CODE_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const COMPANY_CODE_MIN_LENGTH = 2;
export const COMPANY_CODE_MAX_LENGTH = 32;
export const COMPANY_NAME_MAX_LENGTH = 200;

/** The company code as stored and typed at login: trimmed, in small letters. */
export function normaliseCompanyCode(code: string): string {
  return code.trim().toLowerCase();
}

/** A company the provider administrator creates (spec §6 manageCompanies) with its first administrator. */
export interface NewCompanyFields {
  code: string;
  name: string;
  nip: string;
  administrator: { login: string; name: string; surname: string; email: string };
}

/**
 * The rules of a new company: a code the login form can take (and not the provider's own `admin`),
 * a name, a NIP with a valid checksum, and a first administrator whose data follow the user rules
 * (spec §5 User). Issues name the body's fields; the administrator's under `administrator`.
 */
export function validateNewCompany(input: NewCompanyFields): Issue[] {
  const issues: Issue[] = [];
  const code = normaliseCompanyCode(input.code);
  if (code === '') issues.push({ path: ['code'], code: 'global.error.required' });
  else if (code.length < COMPANY_CODE_MIN_LENGTH || code.length > COMPANY_CODE_MAX_LENGTH) {
    issues.push({ path: ['code'], code: 'company.codeLength', params: { min: COMPANY_CODE_MIN_LENGTH, max: COMPANY_CODE_MAX_LENGTH } });
  } else if (!COMPANY_CODE_PATTERN.test(code)) issues.push({ path: ['code'], code: 'company.codeCharacters' });
  else if (code === ADMIN_COMPANY_CODE) issues.push({ path: ['code'], code: 'company.codeTaken' });

  const name = input.name.trim();
  if (name === '') issues.push({ path: ['name'], code: 'global.error.required' });
  else if (name.length > COMPANY_NAME_MAX_LENGTH) issues.push({ path: ['name'], code: 'validation.maxLength', params: { max: COMPANY_NAME_MAX_LENGTH } });

  if (input.nip.trim() === '') issues.push({ path: ['nip'], code: 'global.error.required' });
  else if (!isValidNip(input.nip)) issues.push({ path: ['nip'], code: 'contractor.nipInvalid' });

  for (const issue of validateUserProfile(input.administrator)) issues.push({ ...issue, path: ['administrator', ...issue.path] });
  return issues;
}

/** The NIP as stored: its ten digits. */
export function storedNip(nip: string): string {
  return normalizeNip(nip);
}
