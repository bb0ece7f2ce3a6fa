import type { DatabaseChanges } from '../../db/client.ts';
import type { SessionValidity } from './actor-cache.ts';

/** The channels of migration 0030: a session row changed or ended; a company's actor or rates version rose. */
export const SESSION_CHANGED_CHANNEL = 'delego_session_changed';
export const COMPANY_VERSIONS_CHANGED_CHANNEL = 'delego_company_versions_changed';

/** Sessions kept at once; the least recently stored goes first. */
const MAX_SESSIONS = 10_000;

/**
 * The open sessions' validity (`SessionValidity`) in process, where the database tells this process of every
 * change as it commits (the embedded database, `DatabaseChanges`): a request then reads nothing before its
 * handler. An entry goes when its session row changes (ended, acting as someone else, its activity written)
 * and every entry goes when any company's actor or rates version rises. The idle and absolute ends are
 * times, checked against the entry on every request as against a row just read.
 *
 * Without change notifications (a PostgreSQL server, where other processes change the data) nothing is
 * kept and every request reads its session.
 */
export interface SessionValidityCache {
  validityOf(sessionId: string, read: (sessionId: string) => Promise<SessionValidity | null>): Promise<SessionValidity | null>;
  /** Stops listening; what is kept is dropped. */
  stop(): Promise<void>;
}

export function createSessionValidityCache(changes: DatabaseChanges | undefined, maxSessions = MAX_SESSIONS): SessionValidityCache {
  const entries = new Map<string, SessionValidity>();
  let listening = false;
  let stopListening: (() => Promise<void>)[] = [];
  /**
   * Counts the changes heard. A read that started before a change may return the row as it was: it is kept
   * only when no change arrived while it ran, so what is kept is never older than the last notification.
   */
  let changesHeard = 0;

  const forgetSession = (sessionId: string) => {
    changesHeard += 1;
    entries.delete(sessionId);
  };
  const forgetAll = () => {
    changesHeard += 1;
    entries.clear();
  };

  // Until both channels listen, a change could go unheard: nothing is kept before that (nor ever, if
  // listening fails: every request then reads its session, as on a PostgreSQL server).
  const started = changes
    ? Promise.all([changes.listen(SESSION_CHANGED_CHANNEL, forgetSession), changes.listen(COMPANY_VERSIONS_CHANGED_CHANNEL, forgetAll)]).then(
        (stops) => {
          stopListening = stops;
          listening = true;
        },
        () => undefined,
      )
    : Promise.resolve();

  return {
    async validityOf(sessionId, read) {
      const kept = entries.get(sessionId);
      if (kept) return kept;
      const heardBefore = changesHeard;
      const validity = await read(sessionId);
      if (validity && listening && changesHeard === heardBefore) {
        entries.set(sessionId, Object.freeze(validity));
        if (entries.size > maxSessions) entries.delete(entries.keys().next().value!);
      }
      return validity;
    },

    async stop() {
      await started;
      listening = false;
      entries.clear();
      const stops = stopListening;
      stopListening = [];
      await Promise.all(stops.map((stopOne) => stopOne()));
    },
  };
}
