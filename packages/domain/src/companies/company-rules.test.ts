import { describe, expect, it } from 'vitest';
import { validateNewCompany, type NewCompanyFields } from './company-rules.ts';

const valid: NewCompanyFields = {
  code: 'beta',
  name: 'Beta S.A.',
  nip: '526-025-02-74',
  administrator: { login: 'beta-admin', name: 'Jan', surname: 'Zieliński', email: 'jan@beta.example' },
};
const codesOf = (input: NewCompanyFields) => validateNewCompany(input).map((issue) => `${issue.path.join('.')}:${issue.code}`);

describe('validateNewCompany', () => {
  it('accepts a company with a code, a name, a NIP with a valid checksum and a complete administrator', () => {
    expect(codesOf(valid)).toEqual([]);
  });

  it('refuses a NIP whose checksum does not hold, and an empty one', () => {
    expect(codesOf({ ...valid, nip: '5260250275' })).toEqual(['nip:contractor.nipInvalid']);
    expect(codesOf({ ...valid, nip: ' ' })).toEqual(['nip:global.error.required']);
  });

  it("refuses the provider's own code, codes the login form cannot take, and a missing name", () => {
    expect(codesOf({ ...valid, code: 'Admin' })).toEqual(['code:company.codeTaken']);
    expect(codesOf({ ...valid, code: 'beta firma' })).toEqual(['code:company.codeCharacters']);
    expect(codesOf({ ...valid, code: 'b' })).toEqual(['code:company.codeLength']);
    expect(codesOf({ ...valid, name: '' })).toEqual(['name:global.error.required']);
  });

  it("names the administrator's fields under `administrator`", () => {
    expect(codesOf({ ...valid, administrator: { ...valid.administrator, login: 'adm', email: 'nie-email' } })).toEqual([
      'administrator.login:validation.loginTooShort',
      'administrator.email:validation.email',
    ]);
  });
});
