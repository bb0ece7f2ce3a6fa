// Runs every test tier and prints one closing line: `N passed, N failed, N skipped`.
// Unit and API tests run first (on PGlite); when TEST_DATABASE_URL is set the API tests
// run again on that PostgreSQL server; the browser journeys run last, on their own.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const resultsDir = path.resolve('.cache/test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const runs = [
  // Two workers: each file has its own in-memory PGlite, so two files run side by side on the 2 cores
  // (Vitest's default here is one). The PostgreSQL tier keeps one: its files share one database.
  { name: 'unit and API (PGlite)', projects: ['domain', 'web', 'server'], env: { TEST_DATABASE_URL: '' }, workers: 2 },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'API on PostgreSQL', projects: ['server'], env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } }]
    : []),
  { name: 'end-to-end (Chromium)', projects: ['e2e'], env: {} },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

for (const [index, run] of runs.entries()) {
  const output = path.join(resultsDir, `run-${index}.json`);
  console.log(`\n=== ${run.name} ===`);
  const args = ['vitest', 'run', ...run.projects.flatMap((p) => ['--project', p]), ...(run.workers ? [`--maxWorkers=${run.workers}`] : []), '--reporter=default', '--reporter=json', `--outputFile.json=${output}`];
  const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...run.env } });
  let report = null;
  try {
    report = JSON.parse(readFileSync(output, 'utf8'));
  } catch {
    console.error(`[run-tests] no report from "${run.name}"`);
  }
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) totals.failed += report.numFailedTestSuites;
  } else {
    totals.failed += 1;
  }
  if (result.status !== 0) exitCode = 1;
}

if (totals.failed > 0) exitCode = 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
