import type { Issue } from '../common/errors.ts';

/**
 * Sign-in from a company's main system (spec §1, §7 `auth/external-login`): the main system signs a
 * short-lived JWT naming the user, Delego checks it against the company's link and opens a session.
 * The rules of the link and of the token live here, so the server and the settings screen read them alike.
 */

/** HS256 with a shared secret, or RS256 / ES256 with the main system's public key; nothing else is accepted. */
export const EXTERNAL_TOKEN_ALGORITHMS = ['HS256', 'RS256', 'ES256'] as const;
export type ExternalTokenAlgorithm = (typeof EXTERNAL_TOKEN_ALGORITHMS)[number];

/** A token older than this (from its `iat`) is refused even when its `exp` is later: it is meant for one redirect. */
export const EXTERNAL_TOKEN_MAX_AGE_SECONDS = 300;
/** Clock difference between the two systems that `exp`, `iat` and `nbf` tolerate. */
export const EXTERNAL_TOKEN_CLOCK_TOLERANCE_SECONDS = 30;
/** RFC 7518 §3.2: an HS256 key at least as long as the hash, 256 bits; 32 characters. */
export const EXTERNAL_SHARED_SECRET_MIN_LENGTH = 32;
export const EXTERNAL_LINK_TEXT_MAX_LENGTH = 200;
export const EXTERNAL_RETURN_URL_MAX_LENGTH = 500;
export const EXTERNAL_PUBLIC_KEY_MAX_LENGTH = 4000;

/** Why a token was refused; the answer names it so the main system's developers can fix their side. */
export const EXTERNAL_LOGIN_REFUSALS = {
  invalid: 'External token invalid',
  unknownIssuer: 'External token issuer unknown',
  disabled: 'External login disabled',
  signature: 'External token signature invalid',
  expired: 'External token expired',
  audience: 'External token audience invalid',
  replayed: 'External token already used',
  userMismatch: 'External token user mismatch',
  userInactive: 'External user inactive',
  /** A login of the company's own (password) users is never taken over by the main system. */
  localAccount: 'External token names a local account',
} as const;
export type ExternalLoginRefusal = keyof typeof EXTERNAL_LOGIN_REFUSALS;

export interface ExternalSystemLinkFields {
  issuer: string;
  audience: string;
  algorithm: ExternalTokenAlgorithm;
  /** The new shared secret; empty keeps the stored one. */
  shared_secret: string;
  public_key_pem: string;
  return_url: string;
  is_enabled: boolean;
}

const PUBLIC_KEY_PEM = /^-----BEGIN PUBLIC KEY-----\s+[A-Za-z0-9+/=\s]+-----END PUBLIC KEY-----$/;

/** An absolute http(s) address of a named host, without credentials: the only kind users are sent back to. */
const RETURN_URL = /^https?:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?(?:[/?#]\S*)?$/i;

export function isReturnUrl(text: string): boolean {
  return RETURN_URL.test(text);
}

/**
 * The rules of a company's link: issuer, audience and return address given; an HS256 link has a shared
 * secret of at least 32 characters (a stored one counts when none is typed), an RS256/ES256 link a PEM
 * public key (SPKI). Issues name the form's fields.
 */
export function validateExternalSystemLink(input: ExternalSystemLinkFields, options: { hasStoredSecret: boolean }): Issue[] {
  const issues: Issue[] = [];
  const text = (field: 'issuer' | 'audience', value: string) => {
    const trimmed = value.trim();
    if (trimmed === '') issues.push({ path: [field], code: 'global.error.required' });
    else if (trimmed.length > EXTERNAL_LINK_TEXT_MAX_LENGTH) issues.push({ path: [field], code: 'validation.maxLength', params: { max: EXTERNAL_LINK_TEXT_MAX_LENGTH } });
  };
  text('issuer', input.issuer);
  text('audience', input.audience);
  if (input.algorithm === 'HS256') {
    if (input.shared_secret === '') {
      if (!options.hasStoredSecret) issues.push({ path: ['shared_secret'], code: 'global.error.required' });
    } else if (input.shared_secret.length < EXTERNAL_SHARED_SECRET_MIN_LENGTH) {
      issues.push({ path: ['shared_secret'], code: 'validation.externalSystem.secretTooShort', params: { min: EXTERNAL_SHARED_SECRET_MIN_LENGTH } });
    }
  } else {
    const pem = input.public_key_pem.trim();
    if (pem === '') issues.push({ path: ['public_key_pem'], code: 'global.error.required' });
    else if (pem.length > EXTERNAL_PUBLIC_KEY_MAX_LENGTH || !PUBLIC_KEY_PEM.test(pem)) issues.push({ path: ['public_key_pem'], code: 'validation.externalSystem.publicKey' });
  }
  const returnUrl = input.return_url.trim();
  if (returnUrl === '') issues.push({ path: ['return_url'], code: 'global.error.required' });
  else if (returnUrl.length > EXTERNAL_RETURN_URL_MAX_LENGTH || !isReturnUrl(returnUrl)) issues.push({ path: ['return_url'], code: 'validation.externalSystem.returnUrl' });
  return issues;
}

/**
 * The roles an external user holds after a sign-in: the main system decides the roles some mapping
 * points at (those its roles claim maps to are held, the others not), and roles no mapping points at
 * stay as an administrator set them in Delego.
 */
export function rolesAfterExternalSignIn(held: readonly number[], mappedRoleIds: readonly number[], claimedRoleIds: readonly number[]): number[] {
  const mapped = new Set(mappedRoleIds);
  const kept = held.filter((id) => !mapped.has(id));
  return [...new Set([...kept, ...claimedRoleIds.filter((id) => mapped.has(id))])].sort((a, b) => a - b);
}
