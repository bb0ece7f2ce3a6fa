import type { FastifyInstance } from 'fastify';
import type { SystemSettingsInput } from '@delego/domain';
import type { Database } from '../src/db/client.ts';
import { createCompany, createUser, TEST_PASSWORD } from './factories.ts';

/** Logs a user in through the API and returns headers carrying their token. */
export async function authHeaders(app: FastifyInstance, company: { code: string }, user: { login: string }): Promise<{ authorization: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { company: company.code, username: user.login, password: TEST_PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`login failed for ${user.login}: ${response.body}`);
  return { authorization: `Bearer ${response.json().access_token}` };
}

/**
 * The callers of a company-settings endpoint test: a new company with a logged-in administrator
 * and employee, and an administrator of another company, whose requests for this company's ids
 * must answer 404.
 */
export async function settingsCallers(t: { app: FastifyInstance; db: Database }, settings: SystemSettingsInput = {}) {
  const company = await createCompany(t.db, settings);
  const admin = await authHeaders(t.app, company, await createUser(t.db, company, { permissions: ['companyAdmin'] }));
  const employee = await authHeaders(t.app, company, await createUser(t.db, company));
  const other = await createCompany(t.db);
  const otherAdmin = await authHeaders(t.app, other, await createUser(t.db, other, { permissions: ['companyAdmin'] }));
  return { company, admin, employee, other, otherAdmin };
}
