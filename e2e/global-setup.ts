import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startBuiltServer } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/**
 * Starts the built app (`npm run build` first) on a free port with a fresh embedded
 * database and the demo data, as a newcomer's `npm start` would.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(repoRoot, 'apps/server/dist/server.js')) || !existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('build the app first: npm run build');
  }
  const server = await startBuiltServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
