// `npm run bench`: figures, never assertions. Runs against the built server: on a fresh embedded database,
// and, when BENCH_DATABASE_URL names a PostgreSQL server, on a fresh database of that server too (created
// and dropped by the bench). Each HTTP figure is also given as a share of the bare route measured on the
// same server start. BENCH_ONLY=engine,web,http,booking-import,lists,report,budgets,travel-services runs only the named
// sections (all by default).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Secret, TOTP } from 'otpauth';
import { startBuiltServer } from './server-process.ts';
import { measure, printFigures, type HttpFigure } from './http-bench.ts';
import { BENCH_RATE_DAYS, BENCH_SETTLEMENT_DATE, benchEngine, benchTrip } from './engine-bench.ts';
import { seedSettlements } from './seed-settlements.ts';
import { seedTravelServices } from './seed-travel-services.ts';
import { seedBudgets } from './seed-budgets.ts';
import { measureLoginRouteJavaScript, measureRecalculation } from './web-bench.ts';
import { benchBookingImport } from './booking-import-bench.ts';
import { benchSummaryReport } from './report-bench.ts';

const DEMO_PASSWORD = 'Delego2026!';
const DOCUMENT_COUNT = 100_000;
const BUDGET_COUNT = 1_000;
const loginBody = (username: string, company = 'demo') => JSON.stringify({ company, username, password: DEMO_PASSWORD });

async function tokenOf(baseUrl: string, username: string, company = 'demo'): Promise<string> {
  const post = async (route: string, body: string) =>
    (await (await fetch(`${baseUrl}/api${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()) as Record<string, string>;
  const answer = await post('/auth/login', loginBody(username, company));
  if (answer.access_token) return answer.access_token;
  // The provider's users set up an authenticator at their first sign-in on a fresh server (ADR 0026): the bench does it as a person would.
  if (answer.second_step !== 'enrolment') throw new Error(`bench: ${username} asks for a second step the bench cannot answer`);
  const token = answer.sign_in_token!;
  const { secret } = await post('/auth/two-factor/enrolment/start', JSON.stringify({ sign_in_token: token }));
  const code = new TOTP({ secret: Secret.fromBase32(secret!) }).generate();
  const session = await post('/auth/two-factor/enrolment/confirm', JSON.stringify({ sign_in_token: token, code }));
  return session.access_token!;
}

const SECTIONS = ['engine', 'web', 'http', 'booking-import', 'lists', 'report', 'budgets', 'travel-services'] as const;
const only = (process.env.BENCH_ONLY ?? '').split(',').map((name) => name.trim()).filter(Boolean);
const unknown = only.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`BENCH_ONLY names unknown sections: ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`);
const runs = (section: (typeof SECTIONS)[number]) => only.length === 0 || only.includes(section);

/** Where one run of the server keeps its data: a folder for the embedded database, or a PostgreSQL URL. */
interface Target {
  name: string;
  databaseUrl?: string;
  dataDir: string;
}

const bare = (baseUrl: string) => measure('GET /api/health/live (bare route)', { url: `${baseUrl}/api/health/live` });

/** The routes of a session and of the settlement form, on the fresh demo company. */
async function benchHttp(baseUrl: string): Promise<HttpFigure[]> {
  const auth = { authorization: `Bearer ${await tokenOf(baseUrl, 'employee')}` };
  const admin = { authorization: `Bearer ${await tokenOf(baseUrl, 'administrator')}`, 'content-type': 'application/json' };
  // The trip's EUR amounts need rates; a fresh database has none, so enter them as manual rates.
  for (const [index, date] of BENCH_RATE_DAYS.entries()) {
    await fetch(`${baseUrl}/api/exchange-rate/save`, { method: 'POST', headers: admin, body: JSON.stringify({ currency: 'EUR', date, rate: `4.2${index}` }) });
  }
  const settlementForm = JSON.stringify({ delegation: { ...benchTrip(), settlement_date: BENCH_SETTLEMENT_DATE }, delegationErrors: [] });
  const login = { url: `${baseUrl}/api/auth/login`, method: 'POST' as const, body: loginBody('employee') };
  return [
    await bare(baseUrl),
    await measure('GET /api/token-refresh/user-properties', { url: `${baseUrl}/api/token-refresh/user-properties`, headers: auth }),
    await measure('POST /api/delegation/form-field-changed (14 days)', { url: `${baseUrl}/api/delegation/form-field-changed`, method: 'POST', headers: auth, body: settlementForm }),
    await measure('POST /api/auth/login (argon2id), 10 connections', { ...login, connections: 10 }),
    await measure('POST /api/auth/login (argon2id), 50 connections', login),
  ];
}

/** The lists with 100 000 orders, as many settlements and an advance per order, as the demo employee and the demo acceptor (finance for the advances). */
async function benchLists(baseUrl: string): Promise<HttpFigure[]> {
  const employee = { authorization: `Bearer ${await tokenOf(baseUrl, 'employee')}` };
  const acceptor = { authorization: `Bearer ${await tokenOf(baseUrl, 'acceptor')}` };
  const figures = [await bare(baseUrl)];
  for (const route of ['/api/delegation/list', '/api/delegation-order/list']) {
    const url = `${baseUrl}${route}?page=1&page_size=25&sort=start_date&order=desc`;
    figures.push(await measure(`GET ${route} (employee)`, { url, headers: employee }), await measure(`GET ${route} (acceptor)`, { url, headers: acceptor }));
  }
  // Advances are decided by whoever accepts financially: the demo `finance`, who sees those of every employee.
  const finance = { authorization: `Bearer ${await tokenOf(baseUrl, 'finance')}` };
  const advances = `${baseUrl}/api/delegation-advance/list?page=1&page_size=25`;
  // A page longer than 50 rows is never kept (ADR 0051): what every page costs the first time after a change.
  const unkept = `${baseUrl}/api/delegation-advance/list?page=1&page_size=51`;
  figures.push(
    await measure('GET /api/delegation-advance/list (employee, hers)', { url: `${advances}&scope=mine`, headers: employee }),
    await measure('GET /api/delegation-advance/list (finance, to decide)', { url: `${advances}&scope=toDecide`, headers: finance }),
    await measure('GET /api/delegation-advance/list (employee, hers, 51 rows: read each time)', { url: `${unkept}&scope=mine`, headers: employee }),
    await measure('GET /api/delegation-advance/list (finance, to decide, 51 rows: read each time)', { url: `${unkept}&scope=toDecide`, headers: finance }),
  );
  return figures;
}

/**
 * The travel-service order list's first page, newest first, with 100 000 orders in the demo company: as the
 * demo employee (her own ~1 000) and as the provider's consultant (`admin`/`consultant`, every company).
 */
async function benchTravelServiceLists(baseUrl: string): Promise<HttpFigure[]> {
  const employee = { authorization: `Bearer ${await tokenOf(baseUrl, 'employee')}` };
  const consultant = { authorization: `Bearer ${await tokenOf(baseUrl, 'consultant', 'admin')}` };
  const query = '?page=1&page_size=25&sort=created_at&order=desc';
  const employeeList = { url: `${baseUrl}/api/travel-service/list${query}`, headers: employee };
  const figures = [await bare(baseUrl), await measure('GET /api/travel-service/list (employee)', employeeList)];
  // The requests still queued at the database when the employee's figure ended would be answered inside the
  // consultant's: one more request waits behind them on the embedded database's one connection.
  await fetch(employeeList.url, { headers: employeeList.headers });
  figures.push(await measure('GET /api/admin/travel-service-admin/list (consultant)', { url: `${baseUrl}/api/admin/travel-service-admin/list${query}`, headers: consultant }));
  return figures;
}

/**
 * The budget view with 1 000 cost centres, each with a budget and its share of the 100 000 documents, as
 * `finance`: the list's first page (what spent, committed and left 25 budgets) and the dashboard's
 * budgets of today with the month's figures (all 1 000).
 */
async function benchBudgets(baseUrl: string): Promise<HttpFigure[]> {
  const finance = { authorization: `Bearer ${await tokenOf(baseUrl, 'finance')}` };
  return [
    await bare(baseUrl),
    await measure('GET /api/booking/report/budget/list (25 of 1 000)', { url: `${baseUrl}/api/booking/report/budget/list?page=1&page_size=25&sort=ordinate&order=asc`, headers: finance }),
    await measure('GET /api/dashboard/budgets (all 1 000, whole and month)', { url: `${baseUrl}/api/dashboard/budgets`, headers: finance }),
  ];
}

async function benchDatabase(target: Target): Promise<void> {
  const environment = target.databaseUrl ? { BENCH_DATABASE_URL: target.databaseUrl } : {};
  if (runs('http') || runs('booking-import')) {
    const server = await startBuiltServer(3917, { dataDir: target.dataDir, environment });
    try {
      if (runs('http')) printFigures(`HTTP on the ${target.name}, 50 connections unless said, 5 s each after 5 s of warm-up (one process)`, await benchHttp(server.baseUrl));
      if (runs('booking-import')) await benchBookingImport(server.baseUrl, await tokenOf(server.baseUrl, 'consultant'), server.pid);
    } finally {
      await server.stop();
    }
  }
  const seedsDocuments = runs('lists') || runs('report') || runs('budgets');
  if (seedsDocuments || runs('travel-services')) {
    // The first start migrates and loads the demo company; the seed adds the documents beside it.
    if (!runs('http') && !runs('booking-import')) await (await startBuiltServer(3917, { dataDir: target.dataDir, environment })).stop();
    const database = target.databaseUrl ? { url: target.databaseUrl } : { dataDir: path.join(target.dataDir, 'pglite') };
    if (seedsDocuments) await seedSettlements(database, DOCUMENT_COUNT);
    if (runs('budgets')) await seedBudgets(database, BUDGET_COUNT);
    if (runs('travel-services')) await seedTravelServices(database, DOCUMENT_COUNT);
    const server = await startBuiltServer(3917, { dataDir: target.dataDir, environment });
    try {
      // The report first, so the server's peak memory is that of its start and the report.
      if (runs('report')) await benchSummaryReport(server.baseUrl, await tokenOf(server.baseUrl, 'finance'), server.pid, DOCUMENT_COUNT);
      if (runs('lists')) printFigures(`Lists with ${DOCUMENT_COUNT.toLocaleString('en')} orders, as many settlements and an advance per order on the ${target.name}, 50 connections, 5 s each after 5 s of warm-up`, await benchLists(server.baseUrl));
      if (runs('budgets')) {
        printFigures(`Budget view with ${BUDGET_COUNT.toLocaleString('en')} cost centres and budgets on the ${target.name}, 50 connections, 5 s each after 5 s of warm-up`, await benchBudgets(server.baseUrl));
      }
      if (runs('travel-services')) {
        printFigures(`Travel-service order list with ${DOCUMENT_COUNT.toLocaleString('en')} orders on the ${target.name}, first page, 50 connections, 5 s each after 5 s of warm-up`, await benchTravelServiceLists(server.baseUrl));
      }
    } finally {
      await server.stop();
    }
  }
}

/** A fresh database on the PostgreSQL server of `serverUrl`, dropped by the returned function. */
async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `delego_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

console.log(`Delego bench — ${os.cpus().length} cores, load average ${os.loadavg().map((load) => load.toFixed(2)).join(' / ')} (1/5/15 min) at the start`);

if (runs('engine')) {
  const engine = await benchEngine();
  console.log(`\n${engine.name}: ${engine.settlementsPerSecond} settlements per CPU second (one core, in process)`);
}

if (runs('web')) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'delego-bench-'));
  const server = await startBuiltServer(3917, { dataDir });
  try {
    const web = await measureLoginRouteJavaScript(server.baseUrl, path.resolve('apps/web/dist'));
    console.log(`\nLogin route JavaScript (Chromium opening /login until the form shows): ${web.scripts} scripts, ${(web.gzipBytes / 1024).toFixed(1)} KB gzip, ${(web.brotliBytes / 1024).toFixed(1)} KB brotli (sent), ${(web.plainBytes / 1024).toFixed(1)} KB plain`);
    console.log(`  largest (KB gzip): ${web.largest.map((file) => `${file.file} ${(file.gzipBytes / 1024).toFixed(1)}`).join(', ')}`);
    const recalculation = await measureRecalculation(server.baseUrl);
    console.log(`\nSettlement form, last keystroke to the new total on screen (debounce included, aim ≤ 250 ms): median ${recalculation.medianMs.toFixed(0)} ms, max ${recalculation.maxMs.toFixed(0)} ms (${recalculation.samples.map((ms) => ms.toFixed(0)).join(', ')})`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (runs('http') || runs('booking-import') || runs('lists') || runs('report') || runs('budgets') || runs('travel-services')) {
  const embedded = mkdtempSync(path.join(os.tmpdir(), 'delego-bench-'));
  try {
    await benchDatabase({ name: 'embedded PGlite', dataDir: embedded });
  } finally {
    rmSync(embedded, { recursive: true, force: true });
  }
  if (process.env.BENCH_DATABASE_URL) {
    const database = await createPostgresDatabase(process.env.BENCH_DATABASE_URL);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'delego-bench-'));
    try {
      await benchDatabase({ name: 'PostgreSQL server', databaseUrl: database.url, dataDir });
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  } else {
    console.log('\n(BENCH_DATABASE_URL is not set: the PostgreSQL figures are left out.)');
  }
}
console.log(`\nLoad average at the end: ${os.loadavg().map((load) => load.toFixed(2)).join(' / ')}`);
