import DataLoader from 'dataloader';

/** Keys read by one statement at most; more keys waiting go in further statements, side by side. */
const MAX_BATCH_SIZE = 100;
/**
 * How long the next statement waits for the running one at most. Waiting only gathers keys: a statement
 * that hangs (a stalled connection) must not hold every later look-up with it.
 */
export const MAX_BATCH_WAIT_MS = 50;

/**
 * Reads by key, many keys in one statement: every key asked for while the previous statement of this load
 * runs waits for it to answer (at most `MAX_BATCH_WAIT_MS`) and then goes, with all the others asked for
 * meanwhile, into the next one. With no statement running, a key waits only for the event loop's current
 * turn to end. So an idle server answers as fast as with a statement per key, and a busy one (50
 * connections on a PostgreSQL server: each request's session look-up) sends one round trip for every
 * request that arrived during the last one, instead of one each.
 *
 * Freshness is that of a statement per key: a key's statement is always sent after the key was asked for,
 * so it sees every change committed before that. Nothing is kept between statements (`cache: false`).
 */
export function createBatchedLoad<K, V>(loadMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>, maxWaitMs = MAX_BATCH_WAIT_MS): (key: K) => Promise<V | null> {
  let running: Promise<unknown> | null = null;
  const loader = new DataLoader<K, V | null>(
    async (keys) => {
      const statement = loadMany(keys);
      running = statement;
      try {
        const found = await statement;
        return keys.map((key) => found.get(key) ?? null);
      } finally {
        if (running === statement) running = null;
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH_SIZE,
      batchScheduleFn: (dispatch) => {
        if (!running) {
          setImmediate(dispatch);
          return;
        }
        let sent = false;
        const send = () => {
          if (sent) return;
          sent = true;
          clearTimeout(timer);
          dispatch();
        };
        const timer = setTimeout(send, maxWaitMs);
        running.then(send, send);
      },
    },
  );
  return (key) => loader.load(key);
}
