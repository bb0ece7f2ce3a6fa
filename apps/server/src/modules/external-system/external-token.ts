import { randomUUID } from 'node:crypto';
import { SignJWT, decodeJwt, errors, importSPKI, jwtVerify, type CryptoKey, type JWTPayload } from 'jose';
import { EXTERNAL_TOKEN_CLOCK_TOLERANCE_SECONDS, EXTERNAL_TOKEN_MAX_AGE_SECONDS, type ExternalLoginRefusal } from '@delego/domain';
import type { SecretBox } from '../auth/two-factor-crypto.ts';
import type { ExternalSystemLinkRow } from './external-system.repo.ts';

/** What Delego reads from a main system's token: `sub` is the login, the rest fill the user's data. */
export interface ExternalClaims {
  jti: string;
  sub: string;
  expiresAt: Date;
  name: string | null;
  surname: string | null;
  email: string | null;
  roles: string[];
}

export type ExternalTokenCheck = { ok: true; claims: ExternalClaims } | { ok: false; refusal: ExternalLoginRefusal };

/** The `iss` the token says it has, read without trusting it: only to find the link whose key then checks it. */
export function claimedIssuer(token: string): string | null {
  try {
    const { iss } = decodeJwt(token);
    return typeof iss === 'string' && iss !== '' ? iss : null;
  } catch {
    return null;
  }
}

async function keyOf(link: ExternalSystemLinkRow, box: SecretBox): Promise<Uint8Array | CryptoKey> {
  if (link.algorithm === 'HS256') return new TextEncoder().encode(box.open(link.sharedSecretCiphertext ?? ''));
  return importSPKI(link.publicKeyPem ?? '', link.algorithm);
}

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null);

function claimsOf(payload: JWTPayload): ExternalClaims | null {
  const roles = payload.roles;
  if (typeof payload.jti !== 'string' || payload.jti === '' || payload.jti.length > 200) return null;
  if (typeof payload.sub !== 'string' || payload.sub.trim() === '' || typeof payload.exp !== 'number') return null;
  if (roles !== undefined && !(Array.isArray(roles) && roles.every((role) => typeof role === 'string'))) return null;
  return {
    jti: payload.jti,
    sub: payload.sub.trim(),
    expiresAt: new Date(payload.exp * 1000),
    name: text(payload.given_name, 100),
    surname: text(payload.family_name, 100),
    email: text(payload.email, 200),
    roles: ((roles as string[] | undefined) ?? []).slice(0, 100),
  };
}

/**
 * Checks a main system's token against the company's link with jose: the one algorithm the link names
 * (no `none`, no switching HS256 and a public key), its key, issuer and audience, `exp`, `iat` no older
 * than five minutes, `jti` and `sub` present. The replay check (jti seen before) is the caller's, after this.
 */
export async function checkExternalToken(token: string, link: ExternalSystemLinkRow, box: SecretBox, now: Date): Promise<ExternalTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(link, box), {
      algorithms: [link.algorithm],
      issuer: link.issuer,
      audience: link.audience,
      currentDate: now,
      clockTolerance: EXTERNAL_TOKEN_CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: EXTERNAL_TOKEN_MAX_AGE_SECONDS,
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
    });
    const claims = claimsOf(payload);
    return claims ? { ok: true, claims } : { ok: false, refusal: 'invalid' };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, refusal: 'expired' };
    if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, refusal: 'signature' };
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.claim === 'aud') return { ok: false, refusal: 'audience' };
      if (error.claim === 'iss') return { ok: false, refusal: 'unknownIssuer' };
      return { ok: false, refusal: 'invalid' };
    }
    if (error instanceof errors.JOSEError) return { ok: false, refusal: 'invalid' };
    throw error;
  }
}

export interface ExternalTokenRequest {
  issuer: string;
  audience: string;
  /** The login in Delego (`sub`), the same the request's `externalUser` names. */
  user: string;
  name?: string;
  surname?: string;
  email?: string;
  roles?: string[];
  issuedAt: Date;
  /** How long the token lasts; the main system's tokens are meant for one redirect. */
  ttlSeconds?: number;
  jti?: string;
}

/**
 * Signs a token as a main system does, with HS256 and the shared secret (or, for RS256/ES256, the
 * private key): the documented `npm run external-token` command and the tests mint theirs with it.
 */
export async function mintExternalToken(request: ExternalTokenRequest, key: { algorithm: 'HS256'; secret: string } | { algorithm: 'RS256' | 'ES256'; privateKey: CryptoKey }): Promise<string> {
  const issuedAt = Math.floor(request.issuedAt.getTime() / 1000);
  const claims: JWTPayload = { roles: request.roles ?? [] };
  if (request.name) claims.given_name = request.name;
  if (request.surname) claims.family_name = request.surname;
  if (request.email) claims.email = request.email;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: key.algorithm, typ: 'JWT' })
    .setIssuer(request.issuer)
    .setAudience(request.audience)
    .setSubject(request.user)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (request.ttlSeconds ?? 120))
    .setJti(request.jti ?? randomUUID())
    .sign(key.algorithm === 'HS256' ? new TextEncoder().encode(key.secret) : key.privateKey);
}
