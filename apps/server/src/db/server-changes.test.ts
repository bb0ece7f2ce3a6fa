import pg from 'pg';
import { describe, expect, inject, it, vi } from 'vitest';
import { listenOnServer } from './server-changes.ts';

describe('change notifications of a PostgreSQL server', () => {
  it.runIf(inject('testDatabaseUrl'))('hears what another connection commits, and tells its listeners once when its connection is lost', async () => {
    const url = new URL(inject('testDatabaseUrl')!);
    const name = `delego-changes-test-${process.pid}-${Date.now()}`;
    url.searchParams.set('application_name', name);
    const changes = listenOnServer(url.toString());
    const other = new pg.Client({ connectionString: inject('testDatabaseUrl')! });
    await other.connect();
    try {
      const heard: string[] = [];
      const lost = vi.fn();
      await changes.listen('delego_test_changes', (payload) => heard.push(payload), lost);
      await other.query(`select pg_notify('delego_test_changes', '1:7')`);
      await vi.waitFor(() => expect(heard).toEqual(['1:7']));

      await other.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
      await vi.waitFor(() => expect(lost).toHaveBeenCalledTimes(1));
      await expect(changes.listen('delego_test_changes', () => undefined)).rejects.toThrow();
      await other.query(`select pg_notify('delego_test_changes', '1:8')`);
      expect(heard).toEqual(['1:7']);
      expect(lost).toHaveBeenCalledTimes(1);
    } finally {
      await other.end();
      await changes.close();
    }
  });
});
