import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openTestDatabase, testRequestLimits } from '../../test/test-app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { ManualClock } from '../lib/clock.ts';
import { MemoryMailer } from '../modules/mail/mailer.ts';
import { createNbpProvider } from '../integrations/nbp/nbp-provider.ts';
import { createFakeNbpFetch } from '../../test/fake-nbp.ts';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides the token of every single-use link, page or API, and token query parameters', () => {
    expect(redactUrl('/action-by-link/user/passwordChange/AbC_123-x')).toBe('/action-by-link/user/passwordChange/[redacted]');
    expect(redactUrl('/action-by-link/delegationOrder/decision/AbC?x=1')).toBe('/action-by-link/delegationOrder/decision/[redacted]?x=1');
    expect(redactUrl('/action-by-link/AbC')).toBe('/action-by-link/[redacted]');
    expect(redactUrl('/api/action-by-link/decision/AbC')).toBe('/api/action-by-link/decision/[redacted]');
    expect(redactUrl('/api/action-by-link/user/password-change/AbC')).toBe('/api/action-by-link/user/password-change/[redacted]');
    expect(redactUrl('/api/action-by-link/decision')).toBe('/api/action-by-link/decision');
    expect(redactUrl('/api/file?file_token=AbC&page=2&resetToken=Def')).toBe('/api/file?file_token=[redacted]&page=2&resetToken=[redacted]');
    expect(redactUrl('/api/delegation/list?page=2')).toBe('/api/delegation/list?page=2');
  });
});

describe('the request log', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = await buildApp({
      db: handle.db,
      clock: new ManualClock('2026-04-20T10:00:00Z'),
      mailer: new MemoryMailer(),
      exchangeRateProvider: createNbpProvider({ baseUrl: 'https://api.nbp.test/api', fetchImpl: createFakeNbpFetch() }),
      distanceProvider: null,
      tokenSecret: `test-secret-${randomUUID()}-${randomUUID()}`,
      publicUrl: 'http://delego.test',
      webDist: null,
      limits: testRequestLimits,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('never contains the reset or decision token of a request', async () => {
    const token = `secret${randomUUID().replaceAll('-', '')}`;
    await app.inject({ method: 'GET', url: `/api/action-by-link/user/password-change/${token}` });
    await app.inject({ method: 'GET', url: `/api/action-by-link/decision/${token}` });
    await app.inject({ method: 'GET', url: `/action-by-link/delegation/decision/${token}` });
    expect(lines.some((line) => line.includes('/api/action-by-link/decision/[redacted]'))).toBe(true);
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
  });
});
