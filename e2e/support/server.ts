import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/auth/get-general-settings`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer at ${url} within ${timeoutMs} ms`);
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * Starts the built server (`npm run build` first) on a free port with a fresh embedded database, as a
 * newcomer's `npm start` would; `env` adds to (or overrides) the environment, e.g. `WEB_DIST` or `DEMO_SEED`.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'delego-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Every journey signs in the same demo users from 127.0.0.1, several browsers at once: the request and
  // login budgets are raised for that, stated here rather than switched off in the server.
  const limits = { AUTH_RATE_LIMIT: '1000', RATE_LIMIT_PER_ADDRESS: '100000', RATE_LIMIT_PER_USER: '100000', LOGIN_FAILURES_PER_ADDRESS: '1000' };
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SMTP_URL: '', PUBLIC_URL: baseUrl, ...limits, LOG_LEVEL: 'warn', EXCHANGE_RATE_SYNC: 'false', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilUp(baseUrl, child, 60_000);
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
