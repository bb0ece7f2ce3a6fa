import { describe, expect, it } from 'vitest';
import {
  formatBankAccount,
  isValidPolishBankAccount,
  normaliseBankAccount,
  superiorChainHasLoop,
  validateUserProfile,
  type UserProfileFields,
} from './user-rules.ts';

const valid: UserProfileFields = { name: 'Anna', surname: 'Kowalska', login: 'akowalska', email: 'anna@firma.pl' };
const codesAt = (user: Partial<UserProfileFields>, options = {}) =>
  validateUserProfile({ ...valid, ...user }, options).map((issue) => `${issue.path.join('.')}:${issue.code}`);

describe('user profile rules', () => {
  it('accepts a complete user', () => {
    expect(codesAt({ phone: '+48 601 234 567', identity_document_number: 'abc 123456', bank_account_number: 'PL61 1090 1014 0000 0712 1981 2874' })).toEqual([]);
  });

  it('requires name, surname, e-mail and login', () => {
    expect(codesAt({ name: ' ', surname: '', email: '', login: '' })).toEqual([
      'name:global.error.required',
      'surname:global.error.required',
      'email:global.error.required',
      'login:global.error.required',
    ]);
  });

  it('wants a login of at least 6 characters without spaces', () => {
    expect(validateUserProfile({ ...valid, login: 'anna' })).toEqual([{ path: ['login'], code: 'validation.loginTooShort', params: { min: 6 } }]);
    expect(codesAt({ login: 'anna kowalska' })).toEqual(['login:validation.loginWhitespace']);
    expect(codesAt({ login: 'annak1' })).toEqual([]);
  });

  it('checks the e-mail format', () => {
    expect(codesAt({ email: 'anna@firma' })).toEqual(['email:validation.email']);
    expect(codesAt({ email: 'anna firma.pl' })).toEqual(['email:validation.email']);
  });

  it('wants a complete phone number', () => {
    expect(codesAt({ phone: '601 234' })).toEqual(['phone:validation.phoneIncomplete']);
    expect(codesAt({ phone: '601-234-56x' })).toEqual(['phone:validation.phoneInvalid']);
    expect(codesAt({ phone: '601234567' })).toEqual([]);
  });

  it('wants a 9-character document number of letters and digits', () => {
    expect(codesAt({ identity_document_number: 'ABC12345' })).toEqual(['identity_document_number:validation.documentNumberLength']);
    expect(codesAt({ identity_document_number: 'ABC-12345' })).toEqual(['identity_document_number:validation.documentNumberCharacters']);
  });

  it('checks the length and the checksum of a Polish account number', () => {
    expect(codesAt({ bank_account_number: '61 1090 1014 0000 0712 1981 287' })).toEqual(['bank_account_number:validation.bankAccountLength']);
    expect(codesAt({ bank_account_number: '62 1090 1014 0000 0712 1981 2874' })).toEqual(['bank_account_number:validation.bankAccountChecksum']);
  });

  it('keeps names short and birth dates out of the future', () => {
    expect(codesAt({ surname: 'x'.repeat(101) })).toEqual(['surname:validation.maxLength']);
    expect(codesAt({ birth_date: '2030-01-01' }, { today: '2026-05-01' })).toEqual(['birth_date:validation.dateInFuture']);
  });
});

describe('bank account numbers', () => {
  it('normalises to 26 digits and prints them grouped', () => {
    expect(normaliseBankAccount('pl61 1090-1014 0000 0712 1981 2874')).toBe('61109010140000071219812874');
    expect(formatBankAccount('61109010140000071219812874')).toBe('61 1090 1014 0000 0712 1981 2874');
  });

  it('accepts only numbers with a valid IBAN checksum', () => {
    expect(isValidPolishBankAccount('61109010140000071219812874')).toBe(true);
    expect(isValidPolishBankAccount('61109010140000071219812875')).toBe(false);
  });
});

describe('superior chain', () => {
  const superiorOf = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
  ]);
  it('refuses oneself and a subordinate as superior', () => {
    expect(superiorChainHasLoop(2, 2, superiorOf)).toBe(true);
    expect(superiorChainHasLoop(1, 3, superiorOf)).toBe(true);
  });
  it('allows a superior above and a new user', () => {
    expect(superiorChainHasLoop(3, 1, superiorOf)).toBe(false);
    expect(superiorChainHasLoop(null, 3, superiorOf)).toBe(false);
  });
});
