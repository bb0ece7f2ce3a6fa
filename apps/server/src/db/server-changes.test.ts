import pg from 'pg';
import { describe, expect, inject, it, vi } from 'vitest';
import { listenOnServer } from './server-changes.ts';

describe('change notifications of a PostgreSQL server', () => {
  it.runIf(inject('testDatabaseUrl'))('hears what another connection commits, tells its listeners when its connection is lost, and listens again', async () => {
    const url = new URL(inject('testDatabaseUrl')!);
    const name = `delego-changes-test-${process.pid}-${Date.now()}`;
    url.searchParams.set('application_name', name);
    const warn = vi.fn();
    const changes = listenOnServer(url.toString(), { warn, retryFirstMs: 50 });
    const other = new pg.Client({ connectionString: inject('testDatabaseUrl')! });
    await other.connect();
    try {
      const heard: string[] = [];
      const interruptions = { lost: vi.fn(), resumed: vi.fn() };
      await changes.listen('delego_test_changes', (payload) => heard.push(payload), interruptions);
      await other.query(`select pg_notify('delego_test_changes', '1:7')`);
      await vi.waitFor(() => expect(heard).toEqual(['1:7']));

      await other.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
      await vi.waitFor(() => expect(interruptions.lost).toHaveBeenCalledTimes(1));
      expect(warn).toHaveBeenCalled();
      await vi.waitFor(() => expect(interruptions.resumed).toHaveBeenCalledTimes(1));
      await other.query(`select pg_notify('delego_test_changes', '1:8')`);
      await vi.waitFor(() => expect(heard).toEqual(['1:7', '1:8']));
      expect(interruptions.lost).toHaveBeenCalledTimes(1);
    } finally {
      await other.end();
      await changes.close();
    }
  });
});
