import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCompany, createUser } from '../../test/factories.ts';
import { authHeaders } from '../../test/sessions.ts';
import { InFlightWork } from './in-flight.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the work requests still have running', () => {
  it('is drained only when every piece of work has settled, failed ones included', async () => {
    const work = new InFlightWork();
    let finish!: () => void;
    const slow = work.run(() => new Promise<void>((resolve) => (finish = resolve)));
    const failing = work.run(() => Promise.reject(new Error('refused')));
    let drained = false;
    const waiting = work.drained().then(() => (drained = true));
    await expect(failing).rejects.toThrow('refused');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([drained, work.count]).toEqual([false, 1]);
    finish();
    await slow;
    await waiting;
    expect([drained, work.count]).toEqual([true, 0]);
    await work.drained();
  });

  it("counts an API request's session look-up and handler until its answer is ready, so shutdown can wait for it", async () => {
    const company = await createCompany(t.db);
    const headers = await authHeaders(t.app, company, await createUser(t.db, company));
    const answer = t.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', headers });
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.app.inFlight.count).toBe(1);
    await t.app.inFlight.drained();
    expect((await answer).statusCode).toBe(200);
    expect(t.app.inFlight.count).toBe(0);
  });
});
