import pg from 'pg';
import type { DatabaseChanges } from './client.ts';

/** How long the listening connection may take to open before listening counts as failed. */
const CONNECT_TIMEOUT_MS = 10_000;

interface Listener {
  onChange(payload: string): void;
  onLost?(): void;
}

/**
 * Change notifications of a PostgreSQL server, heard on one connection of their own, opened with the first
 * `listen` (the pool's connections go back to the pool between statements and cannot hold a `LISTEN`). A
 * notification arrives moments after its commit, so these are not `immediate` (`DatabaseChanges`).
 *
 * The connection is not opened again once lost: every listener is told (`onLost`) and nothing is heard
 * until the server restarts, so what kept answers by these notifications reads every time, as without them.
 */
export function listenOnServer(connectionString: string): DatabaseChanges & { close(): Promise<void> } {
  const listeners = new Map<string, Set<Listener>>();
  /** Each channel's `LISTEN`, sent once. */
  const listening = new Map<string, Promise<unknown>>();
  let connection: Promise<pg.Client> | null = null;
  let lost = false;

  const loseAll = () => {
    if (lost) return;
    lost = true;
    for (const channelListeners of listeners.values()) for (const listener of channelListeners) listener.onLost?.();
    listeners.clear();
  };

  const connected = () =>
    (connection ??= (async () => {
      const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      client.on('notification', ({ channel, payload }) => {
        for (const listener of listeners.get(channel) ?? []) listener.onChange(payload ?? '');
      });
      // Without an 'error' listener a lost connection would end the process.
      client.on('error', loseAll);
      client.on('end', loseAll);
      await client.connect();
      return client;
    })());

  return {
    immediate: false,

    async listen(channel, onChange, onLost) {
      if (lost) throw new Error('The database server is no longer heard');
      const client = await connected();
      let started = listening.get(channel);
      if (!started) {
        started = client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
        listening.set(channel, started);
      }
      await started;
      const listener: Listener = { onChange, onLost };
      const channelListeners = listeners.get(channel) ?? new Set();
      channelListeners.add(listener);
      listeners.set(channel, channelListeners);
      return async () => void channelListeners.delete(listener);
    },

    async close() {
      lost = true;
      listeners.clear();
      const client = await connection?.catch(() => null);
      await client?.end();
    },
  };
}
