import { describe, expect, it } from 'vitest';
import { rolesAfterExternalSignIn, validateExternalSystemLink, type ExternalSystemLinkFields } from './external-system.ts';

const link: ExternalSystemLinkFields = {
  issuer: 'https://erp.example.com',
  audience: 'delego-demo',
  algorithm: 'HS256',
  shared_secret: 'x'.repeat(32),
  public_key_pem: '',
  return_url: 'https://erp.example.com/delego',
  is_enabled: true,
};
const codes = (fields: Partial<ExternalSystemLinkFields>, hasStoredSecret = false) =>
  validateExternalSystemLink({ ...link, ...fields }, { hasStoredSecret }).map((issue) => `${issue.path.join('.')}:${issue.code}`);

describe('the external-system link', () => {
  it('takes a complete HS256 link', () => {
    expect(codes({})).toEqual([]);
  });

  it('needs issuer, audience and an http(s) return address', () => {
    expect(codes({ issuer: ' ', audience: '', return_url: 'javascript:alert(1)' })).toEqual([
      'issuer:global.error.required',
      'audience:global.error.required',
      'return_url:validation.externalSystem.returnUrl',
    ]);
    expect(codes({ return_url: 'https://user:pw@erp.example.com' })).toEqual(['return_url:validation.externalSystem.returnUrl']);
  });

  it('needs a shared secret of 32 characters for HS256, unless one is stored and none typed', () => {
    expect(codes({ shared_secret: '' })).toEqual(['shared_secret:global.error.required']);
    expect(codes({ shared_secret: '' }, true)).toEqual([]);
    expect(codes({ shared_secret: 'short' }, true)).toEqual(['shared_secret:validation.externalSystem.secretTooShort']);
  });

  it('needs a PEM public key for RS256 and ES256', () => {
    expect(codes({ algorithm: 'RS256', shared_secret: '' })).toEqual(['public_key_pem:global.error.required']);
    expect(codes({ algorithm: 'ES256', public_key_pem: 'not a key' })).toEqual(['public_key_pem:validation.externalSystem.publicKey']);
    expect(codes({ algorithm: 'ES256', public_key_pem: '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQY=\n-----END PUBLIC KEY-----' })).toEqual([]);
  });
});

describe('roles after an external sign-in', () => {
  it('holds the mapped roles the claim names, drops mapped ones it does not, keeps roles no mapping points at', () => {
    expect(rolesAfterExternalSignIn([1, 2, 9], [1, 2, 3], [3, 3])).toEqual([3, 9]);
    expect(rolesAfterExternalSignIn([], [1, 2], [])).toEqual([]);
  });
});
