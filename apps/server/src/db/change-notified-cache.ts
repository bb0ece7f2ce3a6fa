import type { DatabaseChanges } from './client.ts';

/**
 * Values read from the database and kept in process while the database reports no change to them (ADR 0043).
 * The embedded database reports changes as they commit, before the changing request goes on (`immediate`);
 * a PostgreSQL server moments after, so there a kept value may lag a commit by that moment (ADR 0048: only
 * for advice a save checks again). Without `DatabaseChanges` nothing is kept and every call reads; nor while
 * notifications are not heard.
 *
 * With `current`, a kept value is as current as a read on a server too: it is returned only once every change
 * committed before the call has been heard (`DatabaseChanges.caughtUp`, ADR 0051), and read again when that
 * takes longer than a read may.
 *
 * Values are kept in groups, each dropped whole by a notification that names it (a session, an employee);
 * a key tells the reads of one group apart (a query's arguments).
 */
export interface ChangeNotifiedCache<V> {
  /** The kept value of `key` in `group`, or `read`'s, which is kept unless a change was reported while it ran. */
  get(group: string, key: string, read: () => Promise<V>): Promise<V>;
  /** Stops listening; what is kept is dropped. */
  stop(): Promise<void>;
  /** Settles once listening has started, or failed (then nothing is ever kept). */
  readonly started: Promise<void>;
}

export interface ChangeNotifiedCacheOptions<V> {
  /** For each channel listened to, the group a notification's payload names, or `null`: every group. */
  channels: Record<string, (payload: string) => string | null>;
  /** Groups kept at once; the least recently stored goes first. */
  maxGroups: number;
  /** Keys kept in one group; the least recently stored goes first. */
  maxKeysPerGroup?: number;
  /** Whether a value read may be kept (a session that was not found is read again). */
  keep?: (value: V) => boolean;
  /** Whether a kept value must reflect every change committed before the call (a list the user just changed). */
  current?: boolean;
}

/** How long a `current` value waits for a server's notifications to be caught up with before it is read instead. */
export const CATCH_UP_WAIT_MS = 250;

/**
 * Whether `changes` caught up within `CATCH_UP_WAIT_MS`. Once a catch-up took longer (a stalled listening
 * connection, until its statement times out), later calls do not wait for it: they read until it settles.
 */
function catchingUp(changes: DatabaseChanges): () => Promise<boolean> {
  let stalled: Promise<void> | null = null;
  return () => {
    if (stalled) return Promise.resolve(false);
    const catchUp = changes.caughtUp();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stalled = catchUp;
        const settled = () => {
          if (stalled === catchUp) stalled = null;
        };
        catchUp.then(settled, settled);
        resolve(false);
      }, CATCH_UP_WAIT_MS);
      catchUp.then(
        () => {
          clearTimeout(timer);
          resolve(true);
        },
        () => {
          clearTimeout(timer);
          resolve(false);
        },
      );
    });
  };
}

export function createChangeNotifiedCache<V>(changes: DatabaseChanges | undefined, options: ChangeNotifiedCacheOptions<V>): ChangeNotifiedCache<V> {
  const { maxGroups, maxKeysPerGroup = 1, keep = () => true } = options;
  const caughtUpInTime = options.current === true && changes !== undefined && !changes.immediate ? catchingUp(changes) : null;
  const groups = new Map<string, Map<string, V>>();
  let stopListening: (() => Promise<void>)[] = [];
  /**
   * A read that started before a change may return the data as it was: it is kept only when no change to its
   * group arrived while it ran, so what is kept is never older than the last notification. Changes are counted
   * for every group at once (`null`, a lost or resumed listening) and for each group a read is under way in:
   * another group's change does not stop a read from being kept.
   */
  let everyGroupChanged = 0;
  const readsUnderWay = new Map<string, { reads: number; changes: number }>();

  const forget = (group: string | null) => {
    if (group === null) {
      everyGroupChanged += 1;
      groups.clear();
    } else {
      const underWay = readsUnderWay.get(group);
      if (underWay) underWay.changes += 1;
      groups.delete(group);
    }
  };

  // Until every channel listens, a change could go unheard: nothing is kept before that (nor ever, if
  // listening fails: every call then reads, as without changes). While notifications are not heard (a
  // server's listening connection lost and not yet open again) nothing is kept either.
  let startedListening = false;
  let heard = true;
  const keeping = () => startedListening && heard;
  const interruptions = {
    lost: () => {
      heard = false;
      forget(null);
    },
    resumed: () => {
      heard = true;
      // What was read while nothing was heard may be older than a change missed: not kept (`everyGroupChanged`).
      forget(null);
    },
  };
  const started = changes
    ? Promise.all(Object.entries(options.channels).map(([channel, groupOf]) => changes.listen(channel, (payload) => forget(groupOf(payload)), interruptions))).then(
        (stops) => {
          stopListening = stops;
          startedListening = true;
        },
        () => undefined,
      )
    : Promise.resolve();

  return {
    async get(group, key, read) {
      const kept = groups.get(group);
      if (kept?.has(key)) {
        if (!caughtUpInTime) return kept.get(key)!;
        // A notification heard meanwhile may have dropped the value.
        const stillKept = (await caughtUpInTime()) ? groups.get(group) : undefined;
        if (stillKept?.has(key)) return stillKept.get(key)!;
      }
      const everyGroupBefore = everyGroupChanged;
      let underWay = readsUnderWay.get(group);
      if (!underWay) readsUnderWay.set(group, (underWay = { reads: 0, changes: 0 }));
      underWay.reads += 1;
      const groupBefore = underWay.changes;
      let value: V;
      try {
        value = await read();
      } finally {
        underWay.reads -= 1;
        if (underWay.reads === 0) readsUnderWay.delete(group);
      }
      if (keeping() && everyGroupChanged === everyGroupBefore && underWay.changes === groupBefore && keep(value)) {
        let values = groups.get(group);
        if (!values) {
          values = new Map();
          groups.set(group, values);
          if (groups.size > maxGroups) groups.delete(groups.keys().next().value!);
        }
        values.set(key, value);
        if (values.size > maxKeysPerGroup) values.delete(values.keys().next().value!);
      }
      return value;
    },

    started,

    async stop() {
      await started;
      startedListening = false;
      groups.clear();
      const stops = stopListening;
      stopListening = [];
      await Promise.all(stops.map((stopOne) => stopOne()));
    },
  };
}
