import { createChangeNotifiedCache } from '../../db/change-notified-cache.ts';
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
 * Only with notifications that arrive before the changing statement answers (`immediate`: the embedded
 * database): on a PostgreSQL server a notification arrives moments after the commit, too late for the very
 * next request, so nothing is kept there and every request reads its session (ADR 0047 shares the reads).
 */
export interface SessionValidityCache {
  validityOf(sessionId: string, read: (sessionId: string) => Promise<SessionValidity | null>): Promise<SessionValidity | null>;
  /** Stops listening; what is kept is dropped. */
  stop(): Promise<void>;
}

export function createSessionValidityCache(changes: DatabaseChanges | undefined, maxSessions = MAX_SESSIONS): SessionValidityCache {
  const kept = createChangeNotifiedCache<SessionValidity | null>(changes?.immediate ? changes : undefined, {
    channels: { [SESSION_CHANGED_CHANNEL]: (sessionId) => sessionId, [COMPANY_VERSIONS_CHANGED_CHANNEL]: () => null },
    maxGroups: maxSessions,
    keep: (validity) => validity !== null,
  });
  return {
    validityOf: (sessionId, read) => kept.get(sessionId, '', async () => {
      const validity = await read(sessionId);
      return validity && Object.freeze(validity);
    }),
    stop: () => kept.stop(),
  };
}
