import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { auditLog, sessions } from '../../db/schema/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-01T06:00:00Z' });
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const profile = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/settings/my-profile/get', headers });
const refresh = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/token-refresh/get', headers });

/** The access token is valid five minutes; an active browser swaps it for a fresh one before then. */
async function keepRefreshing(headers: Record<string, string>): Promise<{ authorization: string }> {
  const response = await refresh(headers);
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().token}` };
}

describe('session lifetime enforced by the server', () => {
  it('keeps a session open while the browser refreshes its token every four minutes', async () => {
    const company = await createCompany(t.db, { session_time: 5 });
    const user = await createUser(t.db, company);
    let headers: Record<string, string> = await authHeaders(t.app, company, user);
    for (let step = 0; step < 15; step += 1) {
      t.clock.advance(4 * MINUTE + 10_000);
      headers = await keepRefreshing(headers);
    }
    expect((await profile(headers)).statusCode).toBe(200);
  });

  it('refuses a valid token once its session is idle, and records why it ended', async () => {
    const company = await createCompany(t.db, { session_time: 30 });
    const user = await createUser(t.db, company);
    const headers = await authHeaders(t.app, company, user);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    // The token is still valid (signed a moment ago) but the session saw no request for 32 minutes.
    await t.db.update(sessions).set({ lastActiveAt: new Date(t.clock.now().getTime() - 32 * MINUTE) }).where(eq(sessions.id, session!.id));
    const response = await profile(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'SESSION_EXPIRED', params: { reason: 'idleTimeout' } });
    const [ended] = await t.db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(ended?.endReason).toBe('idleTimeout');
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, session!.id), eq(auditLog.action, 'auth.idleTimeout')));
    expect(audit).toHaveLength(1);
    expect((await profile(headers)).statusCode).toBe(401);
  });

  it('ends a session at its absolute lifetime even when it is used every few minutes', async () => {
    const company = await createCompany(t.db, { session_time: 30, session_max_hours: 2 });
    const user = await createUser(t.db, company);
    let headers: Record<string, string> = await authHeaders(t.app, company, user);
    for (let step = 0; step < 29; step += 1) {
      t.clock.advance(4 * MINUTE);
      headers = await keepRefreshing(headers);
    }
    // 1 h 56 min after signing in: still open.
    expect((await profile(headers)).statusCode).toBe(200);
    t.clock.advance(4 * MINUTE);
    const response = await refresh(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'SESSION_EXPIRED', params: { reason: 'absoluteTimeout' } });
  });

  it('lasts twelve hours at most by default', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    await authHeaders(t.app, company, user);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBe(12 * 60 * MINUTE);
  });

  it('writes the last activity at most once a minute, not on every request', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const headers = await authHeaders(t.app, company, user);
    const lastActive = async () => (await t.db.select().from(sessions).where(eq(sessions.userId, user.id)))[0]!.lastActiveAt.getTime();
    const signedIn = await lastActive();
    t.clock.advance(20_000);
    await profile(headers);
    expect(await lastActive()).toBe(signedIn);
    t.clock.advance(45_000);
    await profile(headers);
    expect(await lastActive()).toBe(t.clock.now().getTime());
  });
});
