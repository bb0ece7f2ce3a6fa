import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';
import { ACCESS_MATRIX, ANSWER_LETTERS, type AccessRequest } from './access-matrix.ts';
import { contractRoutes, type ContractRoute } from '../../src/http/contract-routes.ts';
import { sampleOf } from './contract-endpoints.ts';
import { IDENTITIES, buildMatrixFixture, type Identity, type MatrixFixture } from './matrix-fixture.ts';

/**
 * Issue 15 §10, the authorisation matrix as a test: every route of the contract is called by every
 * identity of `IDENTITIES` with the request its entry in `access-matrix.ts` builds (naming company
 * A's objects), and must answer what the entry expects — and no answer given to another company's
 * administrator, the provider administrator or a colleague may contain company A's (or the
 * employee's private) data, whatever the route. A route without an entry fails with the line to add.
 */

const routes = contractRoutes();
let t: TestApp;
let f: MatrixFixture;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-20T10:00:00Z' });
  f = await buildMatrixFixture(t.app, t.db);
});
afterAll(async () => t.close());

/** Reads first, then saves, then state changes, then deletions and the logout, so an allowed call never removes what a later route names. */
function phaseOf(route: ContractRoute): number {
  const path = route.endpoint.path;
  if (path === '/auth/logout') return 5;
  if (route.endpoint.method === 'GET') return 0;
  if (/(delete|remove|set-blocked|set-active|reset)$/.test(path)) return 4;
  if (/(action|decision|match-confirm|match-reject|import|import-nbp)$/.test(path)) return 3;
  if (/(save|add|assign|map|upload|update-my-language|mapping\/save)/.test(path)) return 2;
  return 1;
}

/** Identities in calling order: company A's administrator last, so an allowed change comes after every refusal. */
const CALL_ORDER: Identity[] = ['anonymous', 'employee', 'colleague', 'acceptor', 'finance', 'otherAdmin', 'provider', 'admin'];

function letterOf(status: number): string {
  if (status === 401) return 'U';
  if (status === 403) return 'F';
  if (status === 404) return 'N';
  if (status >= 500) return '5';
  return 'A';
}

/** Whether an expected letter takes the answer: `D` is any refusal (403 or 404); `A` any answer past authorisation. */
function matches(expected: string, actual: string, isPublic: boolean): boolean {
  if (expected === actual) return true;
  // A public route answers wrong credentials or a spent link with 401 whoever calls.
  if (isPublic && expected === 'A' && actual === 'U') return true;
  if (expected === 'D') return actual === 'F' || actual === 'N';
  if (expected === 'A') return actual === 'A' || actual === 'N';
  return false;
}

async function call(route: ContractRoute, identity: Identity, request: AccessRequest) {
  const sample = sampleOf(route.endpoint.body);
  const body = request.body !== undefined && sample !== null && typeof sample === 'object' && !Array.isArray(sample) ? { ...sample, ...request.body } : (request.body ?? sample);
  const query = request.query ? `?${new URLSearchParams(Object.entries(request.query).map(([key, value]) => [key, String(value)])).toString()}` : '';
  const path = route.endpoint.path.replace(/:[a-zA-Z_]+/g, request.param ?? 'x'.repeat(43));
  const response = await t.app.inject({
    method: route.endpoint.method,
    url: `/api${path}${query}`,
    headers: { ...f.headers[identity], ...(request.headers ?? {}) },
    ...(route.endpoint.method === 'POST' && request.raw === undefined ? { payload: body as object } : {}),
    ...(request.raw !== undefined ? { payload: request.raw } : {}),
  });
  return response;
}

describe('authorisation matrix', () => {
  it('has an entry for every route of the contract, and no entry for a route that is gone', () => {
    const keys = new Set(routes.map((route) => route.key));
    const missing = routes
      .filter((route) => !(route.key in ACCESS_MATRIX))
      .map((route) => `'${route.key}': { answers: '${route.endpoint.isPublic ? 'A A A A A A A A' : 'U ? ? ? ? ? ? ?'}' },  // ${route.name}; letters per ${IDENTITIES.join(', ')} — see docs/security.md`);
    expect(missing, `add to apps/server/test/security/access-matrix.ts:\n${missing.join('\n')}`).toEqual([]);
    expect(Object.keys(ACCESS_MATRIX).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('has an entry with one valid letter per identity for every route', () => {
    const bad = Object.entries(ACCESS_MATRIX).filter(([, entry]) => entry.answers.replace(/ /g, '').length !== IDENTITIES.length || /[^AUFND ]/.test(entry.answers));
    expect(bad.map(([key]) => key), `letters are ${ANSWER_LETTERS}`).toEqual([]);
  });

  const ordered = routes.filter((route) => route.key in ACCESS_MATRIX).sort((a, b) => phaseOf(a) - phaseOf(b));
  it.each(ordered.map((route) => [route.key, route] as const))('%s answers each identity as its entry says and leaks nothing', async (_key, route) => {
    const failures: string[] = [];
    const entry = ACCESS_MATRIX[route.key]!;
    const expected = entry.answers.replace(/ /g, '').split('');
    const actual: Record<string, string> = {};
    for (const identity of CALL_ORDER) {
      const request = entry.request ? await entry.request(f, identity) : {};
      const response = await call(route, identity, request);
      const letter = letterOf(response.statusCode);
      actual[identity] = letter;
      const index = IDENTITIES.indexOf(identity);
      if (!matches(expected[index]!, letter, route.endpoint.isPublic === true)) failures.push(`as ${identity}: expected ${expected[index]}, answered ${response.statusCode} ${response.body.slice(0, 160)}`);
      const leaked =
        (identity === 'otherAdmin' || identity === 'provider') && (response.body.includes(f.companyMarker) || response.body.includes(f.privateMarker))
          ? 'company A'
          : identity === 'colleague' && response.body.includes(f.privateMarker)
            ? "the employee's documents"
            : null;
      if (leaked && response.statusCode < 300) failures.push(`as ${identity}: the answer shows ${leaked}`);
    }
    if (failures.length > 0) failures.push(`${route.key} answered ${IDENTITIES.map((identity) => actual[identity]).join(' ')}`);
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
