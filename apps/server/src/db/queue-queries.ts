import type pg from 'pg';

/**
 * Makes a client run its queries one after another. A transaction is one client, and code that reads several
 * things at once inside it (`Promise.all` over the transaction) would otherwise hand the client a query while it
 * runs another, as would the listening connection's channels, opened side by side. pg only tolerates that with a
 * deprecation warning (and pg 9 will refuse). Each query starts when the one before has settled.
 */
export function queueQueries(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let previous: Promise<unknown> = Promise.resolve();
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    // The callback form and submittables (cursors, streams) keep pg's own handling.
    if (args.length === 0 || typeof args[args.length - 1] === 'function' || typeof (args[0] as { submit?: unknown }).submit === 'function') return query(...args);
    const run = previous.then(() => query(...args));
    previous = run.catch(() => undefined);
    return run;
  };
}
