import type { FastifyInstance } from 'fastify';
import { TEST_PASSWORD } from './factories.ts';

/** Logs a user in through the API and returns headers carrying their token. */
export async function authHeaders(app: FastifyInstance, company: { code: string }, user: { login: string }): Promise<{ authorization: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { company: company.code, username: user.login, password: TEST_PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`login failed for ${user.login}: ${response.body}`);
  return { authorization: `Bearer ${response.json().access_token}` };
}
