import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  baseUrl: string;
  /** The server process, whose memory a bench may read from /proc. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts the built server with the demo data, as `npm start` would: on a fresh embedded database,
 * or on the PostgreSQL database named by `environment.BENCH_DATABASE_URL` (which should be empty). A
 * given `dataDir` is kept when the server stops, so a second start finds the same embedded database.
 */
/** The V8 flags `npm start` gives the server (ADR 0052), read from the start script so the bench runs what users run. */
function startFlags(): string[] {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  const flags = /\bnode ((?:--\S+ )*)apps\/server\/dist\/server\.js/.exec(start);
  if (!flags) throw new Error(`package.json's start script does not run apps/server/dist/server.js with node: ${start}`);
  return flags[1]!.split(' ').filter(Boolean);
}

export async function startBuiltServer(port = 3917, options: { dataDir?: string; environment?: { BENCH_DATABASE_URL?: string } } = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'delego-bench-'));
  // An empty DATABASE_URL is not a URL to the server's configuration: leave it out for the embedded database.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const databaseUrl = options.environment?.BENCH_DATABASE_URL;
  const database = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  // The benches load one server from one address as fast as it answers: they measure the routes, not the
  // rate limits, so the budgets are raised here explicitly.
  const limits = { AUTH_RATE_LIMIT: '100000000', RATE_LIMIT_PER_ADDRESS: '100000000', RATE_LIMIT_PER_USER: '100000000', LOGIN_FAILURES_PER_ADDRESS: '100000000' };
  const child: ChildProcess = spawn(process.execPath, [...startFlags(), 'apps/server/dist/server.js'], {
    env: { ...inherited, ...database, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...limits, EXCHANGE_RATE_SYNC: 'false' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A first start migrates and seeds the demo company, which takes minutes on a loaded 2-core machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the server did not start');
    try {
      if ((await fetch(`${baseUrl}/api/health/live`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
