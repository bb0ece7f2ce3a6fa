// `npm run bench`: figures, never assertions. Runs against the built server on a fresh embedded database.
import { startBuiltServer } from './server-process.ts';
import { measure, printFigures } from './http-bench.ts';

const DEMO_LOGIN = JSON.stringify({ company: 'demo', username: 'employee', password: 'Delego2026!' });

const server = await startBuiltServer();
try {
  const login = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: DEMO_LOGIN });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const auth = { authorization: `Bearer ${token}` };

  const figures = [
    await measure('GET /api/health/live (bare route)', { url: `${server.baseUrl}/api/health/live` }),
    await measure('POST /api/auth/login (argon2id)', { url: `${server.baseUrl}/api/auth/login`, method: 'POST', body: DEMO_LOGIN }),
    await measure('GET /api/token-refresh/user-properties', { url: `${server.baseUrl}/api/token-refresh/user-properties`, headers: auth }),
  ];
  printFigures('HTTP at 50 connections, 5 s each (embedded PGlite, one process)', figures);
} finally {
  await server.stop();
}
