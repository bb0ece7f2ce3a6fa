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

  it.runIf(inject('testDatabaseUrl'))('is caught up with every notification of a commit answered before it is asked, and refuses while its connection is lost', async () => {
    const url = new URL(inject('testDatabaseUrl')!);
    const name = `delego-changes-caught-up-${process.pid}-${Date.now()}`;
    url.searchParams.set('application_name', name);
    // Spied before the listening connection opens: it binds its queries then (`queueQueries`). pg deprecates a
    // statement given while another already waits behind the running one (its own check, on its own queue).
    const query = pg.Client.prototype.query;
    let queuedBehindAnother = 0;
    const statements = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      if ((this as unknown as { _queryQueue: unknown[] })._queryQueue.length > 0) queuedBehindAnother += 1;
      return (query as (...args: unknown[]) => unknown).apply(this, args) as never;
    });
    const catchUps = () => statements.mock.calls.filter(([text]) => text === 'SELECT 1').length;
    const changes = listenOnServer(url.toString(), { retryFirstMs: 60_000 });
    const other = new pg.Client({ connectionString: inject('testDatabaseUrl')! });
    await other.connect();
    try {
      const heard: string[] = [];
      const interruptions = { lost: vi.fn(), resumed: vi.fn() };
      // Channels listened to side by side, and catch-ups among them, go one after another on the connection.
      await Promise.all([
        changes.listen('delego_test_caught_up', (payload) => heard.push(payload), interruptions),
        changes.listen('delego_test_caught_up_too', () => undefined),
        changes.listen('delego_test_caught_up_three', () => undefined),
      ]);
      for (let round = 1; round <= 30; round++) {
        await other.query('begin');
        await other.query(`select pg_notify('delego_test_caught_up', $1)`, [String(round)]);
        await other.query('commit');
        await changes.caughtUp();
        expect(heard.at(-1)).toBe(String(round));
      }
      // Requests that ask at once share one statement.
      const before = catchUps();
      await Promise.all(Array.from({ length: 20 }, () => changes.caughtUp()));
      expect(catchUps() - before).toBe(1);
      expect(queuedBehindAnother).toBe(0);

      await other.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
      await vi.waitFor(() => expect(interruptions.lost).toHaveBeenCalledTimes(1));
      await expect(changes.caughtUp()).rejects.toThrow();
      // A channel listened to meanwhile opens a connection, but the first channel is not heard on it until the
      // connection is opened again for every channel: not caught up.
      await changes.listen('delego_test_caught_up_later', () => undefined);
      await expect(changes.caughtUp()).rejects.toThrow();
    } finally {
      statements.mockRestore();
      await other.end();
      await changes.close();
    }
  });
});
