import type { Actor } from '../../http/request-context.ts';
import { deepFreeze } from '../../lib/deep-freeze.ts';

/**
 * What a request reads of its session on every call (one look-up of the session and its company by
 * primary key): enough to tell whether the session is still open and whether a cached actor is current.
 */
export interface SessionValidity {
  sessionId: string;
  companyId: number;
  userId: number;
  contextUserId: number;
  lastActiveAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  /** `companies.actor_version`: raised by triggers on every change an actor is made of (migration 0019). */
  actorVersion: number;
  /**
   * The company the session acts in: the context user's. It is the session's own company except while a
   * provider administrator acts in a company's context; its version then counts too, and its rates version.
   */
  actingCompanyId: number;
  actingActorVersion: number;
  ratesVersion: number;
}

interface Entry {
  actor: Actor;
  actorVersion: number;
  actingActorVersion: number;
  /** The Warsaw day it was built on: permission transfers and substitutions count by the day. */
  day: string;
}

/** Sessions kept at once; the least recently used goes first. */
const MAX_SESSIONS = 10_000;

/**
 * The actors of open sessions, in process. An actor is built from the session, its user (and the user
 * acted as), their permission maps and the company; every one of these is either read again with each
 * request (the session row: whether it has ended, its times, whom it acts as) or raises the company's
 * `actor_version` when it changes, in the same transaction, whichever process or SQL makes the change.
 * So an actor is served only while the session row names the context user it was built for, the
 * company's version is the one it was built at, and the Warsaw day is the same; anything else builds it
 * again. The version is read before the data an actor is built from, so an entry is never labelled newer
 * than its data (at worst older, which only builds it once more).
 */
export interface ActorCache {
  current(validity: SessionValidity, day: string): Actor | null;
  store(validity: SessionValidity, day: string, actor: Actor): Actor;
  forget(sessionId: string): void;
}

export function createActorCache(maxSessions = MAX_SESSIONS): ActorCache {
  const entries = new Map<string, Entry>();

  return {
    current(validity, day) {
      const entry = entries.get(validity.sessionId);
      if (!entry) return null;
      const { actor } = entry;
      if (
        entry.actorVersion !== validity.actorVersion ||
        entry.actingActorVersion !== validity.actingActorVersion ||
        actor.contextUserId !== validity.contextUserId ||
        entry.day !== day ||
        actor.userId !== validity.userId ||
        actor.companyId !== validity.actingCompanyId
      ) {
        entries.delete(validity.sessionId);
        return null;
      }
      // Map order is insertion order: re-inserting marks it as the most recently used.
      entries.delete(validity.sessionId);
      entries.set(validity.sessionId, entry);
      if (actor.ratesVersion === validity.ratesVersion) return actor;
      // Rate data changed, the actor did not: the same actor carries the new version for the calculation.
      entry.actor = Object.freeze({ ...actor, ratesVersion: validity.ratesVersion });
      return entry.actor;
    },

    store(validity, day, actor) {
      // Shared by every request of the session: nothing may change it in place.
      // Labelled with the version read before it was built: what keys by it is never newer than its data.
      const frozen = deepFreeze({ ...actor, actorVersion: validity.actingActorVersion });
      entries.delete(validity.sessionId);
      entries.set(validity.sessionId, { actor: frozen, actorVersion: validity.actorVersion, actingActorVersion: validity.actingActorVersion, day });
      if (entries.size > maxSessions) entries.delete(entries.keys().next().value!);
      return frozen;
    },

    forget(sessionId) {
      entries.delete(sessionId);
    },
  };
}
