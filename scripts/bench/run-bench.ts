// `npm run bench`: figures, never assertions. Runs against the built server on a fresh embedded database.
import { startBuiltServer } from './server-process.ts';
import { measure, printFigures } from './http-bench.ts';
import { BENCH_RATE_DAYS, BENCH_SETTLEMENT_DATE, benchEngine, benchTrip } from './engine-bench.ts';

const DEMO_PASSWORD = 'Delego2026!';
const loginBody = (username: string) => JSON.stringify({ company: 'demo', username, password: DEMO_PASSWORD });

async function tokenOf(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody(username) });
  return ((await response.json()) as { access_token: string }).access_token;
}

const engine = await benchEngine();
console.log(`\n${engine.name}: ${engine.settlementsPerSecond} settlements/s (one core, in process)`);

const server = await startBuiltServer();
try {
  const { baseUrl } = server;
  const auth = { authorization: `Bearer ${await tokenOf(baseUrl, 'employee')}` };
  const admin = { authorization: `Bearer ${await tokenOf(baseUrl, 'administrator')}`, 'content-type': 'application/json' };
  // The trip's EUR amounts need rates; a fresh database has none, so enter them as manual rates.
  for (const [index, date] of BENCH_RATE_DAYS.entries()) {
    await fetch(`${baseUrl}/api/exchange-rate/save`, { method: 'POST', headers: admin, body: JSON.stringify({ currency: 'EUR', date, rate: `4.2${index}` }) });
  }
  const settlementForm = JSON.stringify({ delegation: { ...benchTrip(), settlement_date: BENCH_SETTLEMENT_DATE }, delegationErrors: [] });

  const figures = [
    await measure('GET /api/health/live (bare route)', { url: `${baseUrl}/api/health/live` }),
    await measure('POST /api/auth/login (argon2id)', { url: `${baseUrl}/api/auth/login`, method: 'POST', body: loginBody('employee') }),
    await measure('GET /api/token-refresh/user-properties', { url: `${baseUrl}/api/token-refresh/user-properties`, headers: auth }),
    await measure('POST /api/delegation/form-field-changed (14 days)', { url: `${baseUrl}/api/delegation/form-field-changed`, method: 'POST', headers: auth, body: settlementForm }),
  ];
  printFigures(`HTTP at 50 connections, 5 s each (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'}, one process)`, figures);
} finally {
  await server.stop();
}
