import { SignJWT, jwtVerify, errors } from 'jose';

/** Access tokens live five minutes; the web refreshes them while the user is active. */
export const ACCESS_TOKEN_TTL_SECONDS = 300;

export interface AccessTokenClaims {
  /** Session id: a revoked session refuses the token at once. */
  sid: string;
  /** Signed-in user id. */
  sub: number;
  /** Company id. */
  cid: number;
  /** Context user id (login-as). */
  ctx: number;
}

export interface TokenSigner {
  sign(claims: AccessTokenClaims, now: Date): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid, unexpired token, or null. */
  verify(token: string, now: Date): Promise<AccessTokenClaims | null>;
}

/** Tokens whose signature was checked, kept at once; the oldest goes first. */
const MAX_VERIFIED_TOKENS = 10_000;

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // A session sends the same token with every request for its five minutes: its signature and claims are
  // checked once, and only its expiry again (as jose checks it: expired once the whole second reaches `exp`).
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAtSeconds: number }>();
  return {
    async sign(claims, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: claims.sid, cid: claims.cid, ctx: claims.ctx })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .setIssuer('delego')
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },
    async verify(token, now) {
      const known = verified.get(token);
      if (known) return Math.floor(now.getTime() / 1000) < known.expiresAtSeconds ? known.claims : null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: 'delego',
          currentDate: now,
          requiredClaims: ['exp'],
        });
        const sub = Number(payload.sub);
        if (typeof payload.sid !== 'string' || !Number.isInteger(sub) || typeof payload.cid !== 'number' || typeof payload.ctx !== 'number') {
          return null;
        }
        const claims = Object.freeze({ sid: payload.sid, sub, cid: payload.cid, ctx: payload.ctx });
        verified.set(token, { claims, expiresAtSeconds: payload.exp! });
        if (verified.size > MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
