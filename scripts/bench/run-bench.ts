// `npm run bench`: figures, never assertions. Runs against the built server on a fresh embedded database.
// BENCH_ONLY=engine,http,booking-import,settlement-list,order-list runs only the named sections (all by default).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer } from './server-process.ts';
import { measure, printFigures } from './http-bench.ts';
import { BENCH_RATE_DAYS, BENCH_SETTLEMENT_DATE, benchEngine, benchTrip } from './engine-bench.ts';
import { seedSettlements } from './seed-settlements.ts';
import { benchBookingImport } from './booking-import-bench.ts';

const DEMO_PASSWORD = 'Delego2026!';
const loginBody = (username: string) => JSON.stringify({ company: 'demo', username, password: DEMO_PASSWORD });

async function tokenOf(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody(username) });
  return ((await response.json()) as { access_token: string }).access_token;
}

const SECTIONS = ['engine', 'http', 'booking-import', 'settlement-list', 'order-list'] as const;
const only = (process.env.BENCH_ONLY ?? '').split(',').map((name) => name.trim()).filter(Boolean);
const unknown = only.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`BENCH_ONLY names unknown sections: ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`);
const runs = (section: (typeof SECTIONS)[number]) => only.length === 0 || only.includes(section);
const databaseName = process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';

/** Plain routes and the settlement form's calculation on the fresh demo company. */
async function benchHttp(baseUrl: string): Promise<void> {
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
  printFigures(`HTTP at 50 connections, 5 s each (${databaseName}, one process)`, figures);
}

if (runs('engine')) {
  const engine = await benchEngine();
  console.log(`\n${engine.name}: ${engine.settlementsPerSecond} settlements/s (one core, in process)`);
}

// The first start migrates the fresh database and loads the demo company, which the lists need too.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'delego-bench-'));
const server = await startBuiltServer(3917, { dataDir });
try {
  if (runs('http')) await benchHttp(server.baseUrl);
  if (runs('booking-import')) await benchBookingImport(server.baseUrl, await tokenOf(server.baseUrl, 'consultant'), server.pid);
} finally {
  await server.stop();
}

// The lists with 100 000 orders and 100 000 settlements in the company. The embedded database belongs
// to the server process, so it is seeded between two runs of the server on the same data folder.
if (runs('settlement-list') || runs('order-list')) {
  const documentCount = 100_000;
  await seedSettlements(process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') }, documentCount);
  const seeded = await startBuiltServer(3917, { dataDir });
  try {
    const { baseUrl } = seeded;
    const employee = { authorization: `Bearer ${await tokenOf(baseUrl, 'employee')}` };
    const acceptor = { authorization: `Bearer ${await tokenOf(baseUrl, 'acceptor')}` };
    const figures = [];
    const lists = [
      ['settlement-list', '/api/delegation/list'],
      ['order-list', '/api/delegation-order/list'],
    ] as const;
    for (const [section, route] of lists) {
      if (!runs(section)) continue;
      const url = `${baseUrl}${route}?page=1&page_size=25&sort=start_date&order=desc`;
      figures.push(await measure(`GET ${route} (employee)`, { url, headers: employee }), await measure(`GET ${route} (acceptor)`, { url, headers: acceptor }));
    }
    printFigures(`Lists with ${documentCount.toLocaleString('en')} orders and as many settlements in the company (${databaseName}), 50 connections, 5 s each`, figures);
  } finally {
    await seeded.stop();
  }
}
rmSync(dataDir, { recursive: true, force: true });
