import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCompany, createUser } from '../../test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    authRateLimitPerMinute: 5,
    beforeReady: (app) => {
      app.get('/api/test/explode', { config: { isPublic: true } }, async () => {
        throw new Error('secret internal detail at /srv/delego/app.ts:42');
      });
    },
  });
});
afterAll(async () => t.close());

describe('security baseline', () => {
  it('sends a strict content security policy and a year of HSTS', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/get-general-settings' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a server error with a request id and never a stack trace', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({ status: 500, code: 'INTERNAL', messages: ['Internal server error'], requestId: expect.any(String) });
    expect(response.headers['x-request-id']).toBe(body.requestId);
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('.ts:');
  });

  it('answers malformed JSON as a client error', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"company":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('rate-limits the authentication endpoints per address', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, company);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '192.0.2.77',
        payload: { company: company.code, username: user.login, password: 'x' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
