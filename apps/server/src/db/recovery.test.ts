import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import { describeRecovery } from './recovery.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe('recovery report', () => {
  it('says what the start after an unclean stop found and did', async () => {
    const line = await describeRecovery(database.db, {
      previous: { pid: 4242, startedAt: '2026-06-01T10:00:00.000Z' },
      tookOverStaleLock: true,
      databaseState: 'notShutDown',
      partialFilesRemoved: 2,
    });
    expect(line).toMatch(/^Recovered after an unclean stop: the previous server \(pid 4242, started 2026-06-01T10:00:00.000Z\) did not stop cleanly; /);
    expect(line).toContain('its lock was stale and was taken over');
    expect(line).toContain('replayed its write-ahead log up to the last committed transaction');
    expect(line).toMatch(/e-mail\(s\) still to send; 2 half-written upload\(s\) removed\.$/);
  });
});
