import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, validateNewPassword } from './password-policy.ts';

describe('validateNewPassword', () => {
  it('refuses a password the list of common passwords holds, besides the composition rules', () => {
    const listed = new Set(['P@ssw0rd']);
    const isCommon = (candidate: string) => listed.has(candidate);
    expect(validateNewPassword('P@ssw0rd', DEFAULT_PASSWORD_POLICY, { isCommon })).toEqual([{ path: ['password'], code: 'validation.password.common' }]);
    expect(validateNewPassword('Rzadkie-Haslo-7', DEFAULT_PASSWORD_POLICY, { isCommon })).toEqual([]);
    expect(validateNewPassword('p@ssw0rd', DEFAULT_PASSWORD_POLICY, { isCommon })).toEqual([{ path: ['password'], code: 'validation.password.uppercase' }]);
  });
});
