import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair } from 'jose';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { auditLog, externalSystemLinks, rolePermissions, roles, userRoles, users } from '../../db/schema/index.ts';
import type { CompanyRecord } from '../company/company.repo.ts';
import { mintExternalToken, type ExternalTokenRequest } from './external-token.ts';
import { DEMO_EXTERNAL_SYSTEM, seedDemoExternalSystem } from './demo-external-system.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-01T10:00:00Z' });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, headers?: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });

interface Linked {
  company: CompanyRecord;
  headers: Record<string, string>;
  issuer: string;
  audience: string;
  secret: string;
  travellerRoleId: number;
  acceptorRoleId: number;
}

async function roleWith(company: CompanyRecord, name: string, permission: 'travelOrderSelf' | 'reportDelegation') {
  const [role] = await t.db.insert(roles).values({ companyId: company.id, name }).returning();
  await t.db.insert(rolePermissions).values({ roleId: role!.id, permissionName: permission });
  return role!.id;
}

/** A company linked to its main system through the settings screen's API, with two of the main system's roles mapped. */
async function linkedCompany(): Promise<Linked> {
  const company = await createCompany(t.db);
  const admin = await createUser(t.db, company, { permissions: ['companyAdmin'] });
  const headers = await authHeaders(t.app, company, admin);
  const link = { issuer: `https://erp-${company.code}.example`, audience: `delego-${company.code}`, secret: randomUUID() + randomUUID() };
  const saved = await post(
    '/settings/external-system/save',
    { issuer: link.issuer, audience: link.audience, algorithm: 'HS256', shared_secret: link.secret, public_key_pem: '', return_url: 'https://erp.example.com/delego', is_enabled: true },
    headers,
  );
  expect(saved.statusCode).toBe(200);
  const travellerRoleId = await roleWith(company, 'Podróżny', 'travelOrderSelf');
  const acceptorRoleId = await roleWith(company, 'Raporty', 'reportDelegation');
  for (const [external_name, role_id] of [['ERP_TRAVELLER', travellerRoleId], ['ERP_REPORTS', acceptorRoleId]] as const) {
    expect((await post('/settings/role/mapping/save', { original_name: null, external_name, role_id }, headers)).statusCode).toBe(200);
  }
  return { company, headers, ...link, travellerRoleId, acceptorRoleId };
}

const tokenFor = (link: Linked, request: Partial<ExternalTokenRequest> = {}, secret = link.secret) =>
  mintExternalToken({ issuer: link.issuer, audience: link.audience, user: 'jan.zewnetrzny', issuedAt: t.clock.now(), ...request }, { algorithm: 'HS256', secret });

const externalLogin = (externalUser: string, externalToken: string) => post('/auth/external-login', { externalUser, externalToken });

async function userOf(company: CompanyRecord, login: string) {
  const [row] = await t.db.select().from(users).where(and(eq(users.companyId, company.id), eq(users.login, login)));
  return row;
}
async function roleIdsOf(userId: number) {
  return (await t.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(userRoles.roleId)).map((row) => row.id);
}

describe('external-system sign-in', () => {
  it('creates the user from a good token, answers like the normal login and maps the roles; a later token updates them', async () => {
    const link = await linkedCompany();
    const first = await externalLogin('jan.zewnetrzny', await tokenFor(link, { name: 'Jan', surname: 'Zewnętrzny', email: 'jan@erp.example', roles: ['erp_traveller', 'UNMAPPED'] }));
    expect(first.statusCode).toBe(200);
    const session = first.json();
    expect(session).toEqual({ access_token: expect.any(String), user_properties: expect.objectContaining({ login: 'jan.zewnetrzny', name: 'Jan', surname: 'Zewnętrzny', email: 'jan@erp.example', company_code: link.company.code, is_external_user: true, external_return_url: 'https://erp.example.com/delego' }) });
    expect(session.user_properties.permissions).toMatchObject({ travelOrderSelf: true, reportDelegation: false });
    const created = (await userOf(link.company, 'jan.zewnetrzny'))!;
    expect(created.isExternal).toBe(true);
    expect(await roleIdsOf(created.id)).toEqual([link.travellerRoleId]);

    // The token opens a real session: the user properties answer with it.
    const properties = await get('/token-refresh/user-properties', { authorization: `Bearer ${session.access_token}` });
    expect(properties.statusCode).toBe(200);
    expect(properties.json().is_external_user).toBe(true);

    t.clock.advance(60_000);
    const second = await externalLogin('jan.zewnetrzny', await tokenFor(link, { name: 'Janusz', surname: 'Zewnętrzny', email: 'janusz@erp.example', roles: ['ERP_REPORTS'] }));
    expect(second.statusCode).toBe(200);
    expect(second.json().user_properties.permissions).toMatchObject({ travelOrderSelf: false, reportDelegation: true });
    const updated = (await userOf(link.company, 'jan.zewnetrzny'))!;
    expect(updated.id).toBe(created.id);
    expect(updated).toMatchObject({ name: 'Janusz', email: 'janusz@erp.example' });
    expect(await roleIdsOf(created.id)).toEqual([link.acceptorRoleId]);

    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.companyId, link.company.id)).orderBy(auditLog.id)).map((row) => row.action);
    expect(actions.filter((action) => action.startsWith('auth.external'))).toEqual(['auth.externalUserCreated', 'auth.externalLogin', 'auth.externalUserUpdated', 'auth.externalLogin']);
  });

  it('takes an RS256 token checked with the public key of the link', async () => {
    const link = await linkedCompany();
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const saved = await post(
      '/settings/external-system/save',
      { issuer: link.issuer, audience: link.audience, algorithm: 'RS256', shared_secret: '', public_key_pem: await exportSPKI(publicKey), return_url: 'https://erp.example.com/', is_enabled: true },
      link.headers,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().link).toMatchObject({ algorithm: 'RS256', has_shared_secret: false });
    const token = await mintExternalToken({ issuer: link.issuer, audience: link.audience, user: 'ola', issuedAt: t.clock.now() }, { algorithm: 'RS256', privateKey });
    expect((await externalLogin('ola', token)).statusCode).toBe(200);
    // An HS256 token signed with the public key as its secret (the algorithm-confusion attack) is refused.
    const confused = await tokenFor(link, { user: 'ola2' }, await exportSPKI(publicKey));
    expect((await externalLogin('ola2', confused)).json().params).toEqual({ reason: 'invalid' });
  });

  const refusals: [string, (link: Linked) => Promise<{ user?: string; token: string }>, string][] = [
    ['expired', async (link) => ({ token: await tokenFor(link, { issuedAt: new Date(t.clock.now().getTime() - 200_000), ttlSeconds: 120 }) }), 'expired'],
    ['older than five minutes though not expired', async (link) => ({ token: await tokenFor(link, { issuedAt: new Date(t.clock.now().getTime() - 400_000), ttlSeconds: 3600 }) }), 'expired'],
    ['wrongly signed', async (link) => ({ token: await tokenFor(link, {}, 'a-secret-the-main-system-does-not-have-0123') }), 'signature'],
    ['for another audience', async (link) => ({ token: await tokenFor(link, { audience: 'delego-someone-else' }) }), 'audience'],
    ['from an issuer no company is linked to', async (link) => ({ token: await tokenFor(link, { issuer: 'https://unknown.example' }) }), 'unknownIssuer'],
    ['naming another user than the request', async (link) => ({ user: 'someone.else', token: await tokenFor(link) }), 'userMismatch'],
    ['not a token at all', async () => ({ token: 'not-a-jwt' }), 'unknownIssuer'],
  ];
  for (const [what, make, reason] of refusals) {
    it(`refuses a token ${what}, with a translated message and no session`, async () => {
      const link = await linkedCompany();
      const { user = 'jan.zewnetrzny', token } = await make(link);
      const response = await externalLogin(user, token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'EXTERNAL_LOGIN_REFUSED', params: { reason }, messages: [expect.stringMatching(/^External /)] });
      expect(response.body).not.toContain('    at ');
      expect(await userOf(link.company, 'jan.zewnetrzny')).toBeUndefined();
    });
  }

  it('refuses a token without jti even when rightly signed', async () => {
    const link = await linkedCompany();
    const { SignJWT } = await import('jose');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuer(link.issuer).setAudience(link.audience).setSubject('jan.zewnetrzny').setIssuedAt(now).setExpirationTime(now + 60).sign(new TextEncoder().encode(link.secret));
    expect((await externalLogin('jan.zewnetrzny', token)).json().params).toEqual({ reason: 'invalid' });
  });

  it('refuses a replayed token: each token id works once', async () => {
    const link = await linkedCompany();
    const token = await tokenFor(link);
    expect((await externalLogin('jan.zewnetrzny', token)).statusCode).toBe(200);
    const replayed = await externalLogin('jan.zewnetrzny', token);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().params).toEqual({ reason: 'replayed' });
    // Two requests carrying one new token at once: one session, one refusal.
    const fresh = await tokenFor(link);
    const both = await Promise.all([externalLogin('jan.zewnetrzny', fresh), externalLogin('jan.zewnetrzny', fresh)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses every token while the link is disabled', async () => {
    const link = await linkedCompany();
    await t.db.update(externalSystemLinks).set({ isEnabled: false }).where(eq(externalSystemLinks.companyId, link.company.id));
    const response = await externalLogin('jan.zewnetrzny', await tokenFor(link));
    expect(response.statusCode).toBe(401);
    expect(response.json().params).toEqual({ reason: 'disabled' });
  });

  it("refuses another company's token: signed with its secret but naming this company's issuer, or this company's audience under its own issuer", async () => {
    const ours = await linkedCompany();
    const theirs = await linkedCompany();
    const signedByThem = await tokenFor(ours, {}, theirs.secret);
    expect((await externalLogin('jan.zewnetrzny', signedByThem)).json().params).toEqual({ reason: 'signature' });
    const theirIssuerOurAudience = await tokenFor(theirs, { audience: ours.audience });
    expect((await externalLogin('jan.zewnetrzny', theirIssuerOurAudience)).json().params).toEqual({ reason: 'audience' });
    expect(await userOf(ours.company, 'jan.zewnetrzny')).toBeUndefined();
    expect(await userOf(theirs.company, 'jan.zewnetrzny')).toBeUndefined();
  });

  it("never takes over one of the company's own password accounts, nor signs in a disabled external user", async () => {
    const link = await linkedCompany();
    const local = await createUser(t.db, link.company, { login: 'kierownik' });
    expect((await externalLogin(local.login, await tokenFor(link, { user: local.login }))).json().params).toEqual({ reason: 'localAccount' });
    expect((await externalLogin('jan.zewnetrzny', await tokenFor(link))).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(and(eq(users.companyId, link.company.id), eq(users.login, 'jan.zewnetrzny')));
    expect((await externalLogin('jan.zewnetrzny', await tokenFor(link))).json().params).toEqual({ reason: 'userInactive' });
  });

  it('counts refusals in the login throttle like wrong passwords', async () => {
    const limited = await createTestApp({ now: '2026-06-01T10:00:00Z', limits: { loginFailuresPerAddress: 2 } });
    try {
      const response = async () =>
        limited.app.inject({ method: 'POST', url: '/api/auth/external-login', payload: { externalUser: 'x', externalToken: 'not-a-jwt' }, remoteAddress: '198.51.100.77' });
      const codes: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) codes.push((await response()).statusCode);
      expect(codes.slice(0, 2)).toEqual([401, 401]);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the link on the company settings', () => {
  it('shows the link without its secret, keeps the stored secret when none is typed and refuses bad fields at the field', async () => {
    const link = await linkedCompany();
    const shown = (await get('/settings/external-system', link.headers)).json().link;
    expect(shown).toEqual({ issuer: link.issuer, audience: link.audience, algorithm: 'HS256', has_shared_secret: true, public_key_pem: '', return_url: 'https://erp.example.com/delego', is_enabled: true });
    expect(JSON.stringify(shown)).not.toContain(link.secret);
    const [stored] = await t.db.select().from(externalSystemLinks).where(eq(externalSystemLinks.companyId, link.company.id));
    expect(stored!.sharedSecretCiphertext).not.toContain(link.secret);

    const kept = await post('/settings/external-system/save', { ...shown, has_shared_secret: undefined, shared_secret: '', return_url: 'https://erp.example.com/other' }, link.headers);
    expect(kept.statusCode).toBe(200);
    expect((await externalLogin('jan.zewnetrzny', await tokenFor(link))).json().user_properties.external_return_url).toBe('https://erp.example.com/other');

    const other = await linkedCompany();
    const bad = await post(
      '/settings/external-system/save',
      { issuer: other.issuer, audience: '', algorithm: 'HS256', shared_secret: 'short', public_key_pem: '', return_url: 'javascript:alert(1)', is_enabled: true },
      link.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      { path: ['audience'], code: 'global.error.required' },
      { path: ['shared_secret'], code: 'validation.externalSystem.secretTooShort', params: { min: 32 } },
      { path: ['return_url'], code: 'validation.externalSystem.returnUrl' },
      { path: ['issuer'], code: 'validation.externalSystem.issuerTaken' },
    ]);
    const badKey = await post('/settings/external-system/save', { ...shown, has_shared_secret: undefined, shared_secret: '', algorithm: 'ES256', public_key_pem: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' }, link.headers);
    expect(badKey.json().issues).toEqual([{ path: ['public_key_pem'], code: 'validation.externalSystem.publicKey' }]);
  });

  it('is for the company administrator only', async () => {
    const company = await createCompany(t.db);
    const employee = await createUser(t.db, company, { permissions: ['travelOrderSelf'] });
    const headers = await authHeaders(t.app, company, employee);
    expect((await get('/settings/external-system', headers)).statusCode).toBe(403);
  });
});

describe('the demo link', () => {
  it('lets a token minted as `npm run external-token` does (demo issuer, audience and secret) sign in, with the ERP role mapped', async () => {
    const company = await createCompany(t.db);
    await createUser(t.db, company, { login: 'administrator', permissions: ['companyAdmin'] });
    const employeeRoleId = await roleWith(company, 'Pracownik', 'travelOrderSelf');
    const acceptorRoleId = await roleWith(company, 'Akceptant merytoryczny', 'reportDelegation');
    await t.db.transaction((tx) =>
      seedDemoExternalSystem(tx, company, '2026-06-01', new Map([['employee', employeeRoleId], ['acceptor', acceptorRoleId]]), { serverSecret: t.tokenSecret, now: t.clock.now() }),
    );
    const token = await mintExternalToken(
      { issuer: DEMO_EXTERNAL_SYSTEM.issuer, audience: DEMO_EXTERNAL_SYSTEM.audience, user: 'ext.anna', roles: ['ERP_PRACOWNIK'], issuedAt: t.clock.now() },
      { algorithm: 'HS256', secret: DEMO_EXTERNAL_SYSTEM.sharedSecret },
    );
    const response = await externalLogin('ext.anna', token);
    expect(response.statusCode).toBe(200);
    expect(response.json().user_properties).toMatchObject({ company_code: company.code, external_return_url: DEMO_EXTERNAL_SYSTEM.returnUrl, permissions: { travelOrderSelf: true, reportDelegation: false } });
  });
});
