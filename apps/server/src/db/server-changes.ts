import pg from 'pg';
import { createBatchedLoad } from './batched-load.ts';
import { queueQueries } from './queue-queries.ts';
import type { DatabaseChanges, NotificationInterruptions } from './client.ts';

/** How long the listening connection may take to open, and a statement on it to answer. */
const TIMEOUT_MS = 10_000;
/** How often the idle listening connection is asked whether it is still there (a dropped one tells nothing). */
const HEARTBEAT_MS = 30_000;
/** The first wait before opening a lost connection again; it doubles with each failure, up to the most. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MOST_MS = 30_000;

interface Listener {
  onChange(payload: string): void;
  interruptions?: NotificationInterruptions;
}

export interface ServerChangesOptions {
  /** Told when the listening connection is lost or cannot be opened. */
  warn?: (message: string, error?: unknown) => void;
  retryFirstMs?: number;
  heartbeatMs?: number;
}

/**
 * Change notifications of a PostgreSQL server, heard on one connection of their own, opened with the first
 * `listen` (the pool's connections go back to the pool between statements and cannot hold a `LISTEN`). A
 * notification arrives moments after its commit, so these are not `immediate` (`DatabaseChanges`).
 *
 * When the connection is lost (the server restarted, a proxy cut it, or it stopped answering the heartbeat)
 * every listener is told at once (`lost`: from then on it must not trust what it kept), and the connection is
 * opened again, after a wait that grows with each failure; once it listens to every channel again, the
 * listeners are told (`resumed`).
 *
 * `caughtUp` sends a statement on the listening connection. PostgreSQL signals a listening backend before it
 * answers the commit that notified, and the backend sends the notifications it was signalled before it reads its
 * next statement; so the statement's answer comes after every notification of a commit answered before it was
 * sent (ADR 0051). Calls that arrive while one runs share the next, and the heartbeat is one of them.
 */
export function listenOnServer(connectionString: string, options: ServerChangesOptions = {}): DatabaseChanges & { close(): Promise<void> } {
  const { warn = () => undefined, retryFirstMs = RETRY_FIRST_MS, heartbeatMs = HEARTBEAT_MS } = options;
  const listeners = new Map<string, Set<Listener>>();
  /** The connection in use or being opened, with the channels it listens to. */
  let connection: Promise<{ client: pg.Client; channels: Map<string, Promise<unknown>> }> | null = null;
  /** The client of `connection`: events of an earlier, lost one are ignored. */
  let currentClient: pg.Client | null = null;
  let closed = false;
  let retryMs = retryFirstMs;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  /** From a loss until every channel listens again: notifications may go unheard. */
  let reopening = false;

  const everyListener = () => [...listeners.values()].flatMap((channelListeners) => [...channelListeners]);

  function lose(client: pg.Client, error?: unknown) {
    if (closed || client !== currentClient) return;
    currentClient = null;
    connection = null;
    reopening = true;
    clearInterval(heartbeat);
    client.end().catch(() => undefined);
    warn(`The database server's change notifications are not heard; kept answers are dropped and the connection is opened again in ${retryMs / 1000} s`, error);
    for (const listener of everyListener()) listener.interruptions?.lost();
    retry = setTimeout(reopen, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MOST_MS);
  }

  const connected = () =>
    (connection ??= (async () => {
      const client = new pg.Client({ connectionString, connectionTimeoutMillis: TIMEOUT_MS, query_timeout: TIMEOUT_MS, keepAlive: true });
      queueQueries(client);
      currentClient = client;
      client.on('notification', ({ channel, payload }) => {
        for (const listener of listeners.get(channel) ?? []) listener.onChange(payload ?? '');
      });
      // Without an 'error' listener a lost connection would end the process.
      client.on('error', (error) => lose(client, error));
      client.on('end', () => lose(client));
      try {
        await client.connect();
      } catch (error) {
        lose(client, error);
        throw error;
      }
      heartbeat = setInterval(() => catchUp(true).catch(() => undefined), heartbeatMs);
      heartbeat.unref();
      return { client, channels: new Map<string, Promise<unknown>>() };
    })());

  async function listenOn(channel: string) {
    const { client, channels } = await connected();
    let started = channels.get(channel);
    if (!started) {
      started = client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      channels.set(channel, started);
    }
    await started;
  }

  const catchUp = createBatchedLoad<true, true>(async () => {
    const client = currentClient;
    if (!client || reopening) throw new Error('The change notifications are not heard');
    try {
      await client.query('SELECT 1');
    } catch (error) {
      lose(client, error);
      throw error;
    }
    return new Map([[true, true]]);
  }, TIMEOUT_MS);

  async function reopen() {
    if (closed) return;
    try {
      await Promise.all([...listeners.keys()].map(listenOn));
    } catch {
      return; // `lose` has already planned the next try
    }
    retryMs = retryFirstMs;
    reopening = false;
    for (const listener of everyListener()) listener.interruptions?.resumed();
  }

  return {
    immediate: false,

    async listen(channel, onChange, interruptions) {
      if (closed) throw new Error('The change notifications are closed');
      await listenOn(channel);
      const listener: Listener = { onChange, interruptions };
      const channelListeners = listeners.get(channel) ?? new Set();
      channelListeners.add(listener);
      listeners.set(channel, channelListeners);
      return async () => void channelListeners.delete(listener);
    },

    async caughtUp() {
      await catchUp(true);
    },

    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      listeners.clear();
      const open = await connection?.catch(() => null);
      await open?.client.end().catch(() => undefined);
    },
  };
}
