import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenSigner } from './token-signer.ts';

const claims = { sid: 'session-1', sub: 7, cid: 3, ctx: 7 };
const issued = new Date('2026-11-26T10:00:00.000Z');
const at = (seconds: number) => new Date(issued.getTime() + seconds * 1000);

describe('access tokens', () => {
  it('accepts a token again and again until the second it expires, and refuses it from then on', async () => {
    const signer = createTokenSigner('a-secret-of-the-server-long-enough');
    const { token, expiresAt } = await signer.sign(claims, issued);
    expect(expiresAt).toEqual(at(ACCESS_TOKEN_TTL_SECONDS));
    expect(await signer.verify(token, at(1))).toEqual(claims);
    expect(await signer.verify(token, at(ACCESS_TOKEN_TTL_SECONDS - 0.001))).toEqual(claims);
    expect(await signer.verify(token, at(ACCESS_TOKEN_TTL_SECONDS))).toBeNull();
    expect(await signer.verify(token, at(1))).toEqual(claims);
  });

  it('refuses a token signed with another secret, or changed, even after the genuine one was accepted', async () => {
    const signer = createTokenSigner('a-secret-of-the-server-long-enough');
    const { token } = await signer.sign(claims, issued);
    expect(await signer.verify(token, at(1))).toEqual(claims);
    const foreign = await createTokenSigner('another-secret-entirely-long-enough').sign(claims, issued);
    expect(await signer.verify(foreign.token, at(1))).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '1', iss: 'delego', exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
    expect(await signer.verify(forged, at(1))).toBeNull();
  });
});
