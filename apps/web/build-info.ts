/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Compile-time constants shown in the footer (spec §2: version text plus build metadata).
 * Shared by the Vite and Vitest configs so tests see the same globals as the app.
 */
export function buildDefines(webRoot: string): Record<string, string> {
  const pkg = JSON.parse(readFileSync(`${webRoot}/package.json`, 'utf8')) as { version: string };
  return {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_DATE__: JSON.stringify(new Date().toISOString().slice(0, 10)),
    __BUILD_COMMIT__: JSON.stringify(readCommit(webRoot)),
  };
}

/** CI may pass the commit explicitly; a checkout without git (or a tarball) simply has none. */
function readCommit(cwd: string): string {
  if (process.env.BUILD_COMMIT) return process.env.BUILD_COMMIT.slice(0, 12);
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}
