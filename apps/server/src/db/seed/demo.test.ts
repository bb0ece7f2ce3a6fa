import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
});
afterAll(async () => t.close());

const login = (company: string, username: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { company, username, password: DEMO_PASSWORD } });

describe('demo data', () => {
  it.each([
    ['employee', ['travelOrderSelf'], ['companyAdmin', 'delegationAcceptSubstantive']],
    ['acceptor', ['delegationAcceptSubstantive'], ['companyAdmin', 'delegationAcceptFinancial']],
    ['finance', ['delegationAcceptFinancial', 'reportDelegation'], ['companyAdmin']],
    ['consultant', ['travelOrder', 'travelOrderResponseFlight'], ['companyAdmin']],
    ['administrator', ['companyAdmin'], ['SuperAdmin']],
  ])('lets the demo %s log in with fitting permissions', async (username, granted, refused) => {
    const response = await login('demo', username);
    expect(response.statusCode).toBe(200);
    const permissions = response.json().user_properties.permissions;
    for (const name of granted) expect(permissions[name]).toBe(true);
    for (const name of refused) expect(permissions[name]).toBe(false);
  });

  it('gives the provider administrator a negative user id in the admin context', async () => {
    const response = await login('admin', 'superadmin');
    expect(response.statusCode).toBe(200);
    const props = response.json().user_properties;
    expect(props.user_id).toBeLessThan(0);
    expect(props.is_admin_context).toBe(true);
    expect(props.permissions.SuperAdmin).toBe(true);
  });

  it('loads only once', async () => {
    expect(await seedDemo(t.db)).toBe(false);
  });
});
