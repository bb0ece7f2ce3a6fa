import { describe, expect, it, vi } from 'vitest';
import { fakeDatabaseChanges as fakeChanges } from '../../../test/fake-database-changes.ts';
import type { SessionValidity } from './actor-cache.ts';
import { COMPANY_VERSIONS_CHANGED_CHANNEL, createSessionValidityCache, SESSION_CHANGED_CHANNEL } from './session-validity-cache.ts';

function validity(sessionId: string, actorVersion = 1): SessionValidity {
  return {
    sessionId,
    companyId: 1,
    userId: 2,
    contextUserId: 2,
    lastActiveAt: new Date('2026-06-01T08:00:00Z'),
    expiresAt: new Date('2026-06-01T20:00:00Z'),
    ipAddress: null,
    actorVersion,
    actingCompanyId: 1,
    actingActorVersion: actorVersion,
    ratesVersion: 1,
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('session validity cache', () => {
  it('reads every session on every request when notifications may arrive after the changing commit (a database server)', async () => {
    const { changes } = fakeChanges(undefined, { immediate: false });
    const cache = createSessionValidityCache(changes);
    await settled();
    const read = vi.fn(async (sessionId: string) => validity(sessionId));
    await cache.validityOf('a', read);
    await cache.validityOf('a', read);
    await cache.validityOf('a', read);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('reads a session once while no change is reported, and again after its row changed', async () => {
    const { changes, notify } = fakeChanges();
    const cache = createSessionValidityCache(changes);
    await settled();
    const read = vi.fn(async (sessionId: string) => validity(sessionId));
    await cache.validityOf('a', read);
    await cache.validityOf('a', read);
    expect(read).toHaveBeenCalledTimes(1);
    notify(SESSION_CHANGED_CHANNEL, 'b');
    await cache.validityOf('a', read);
    expect(read).toHaveBeenCalledTimes(1);
    notify(SESSION_CHANGED_CHANNEL, 'a');
    await cache.validityOf('a', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("reads every session again after any company's versions rose", async () => {
    const { changes, notify } = fakeChanges();
    const cache = createSessionValidityCache(changes);
    await settled();
    let version = 1;
    const read = vi.fn(async (sessionId: string) => validity(sessionId, version));
    await cache.validityOf('a', read);
    await cache.validityOf('b', read);
    version = 2;
    notify(COMPANY_VERSIONS_CHANGED_CHANNEL, '7');
    expect((await cache.validityOf('a', read))?.actorVersion).toBe(2);
    expect((await cache.validityOf('b', read))?.actorVersion).toBe(2);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('does not keep a row read while a change was reported: it may be the row from before the change', async () => {
    const { changes, notify } = fakeChanges();
    const cache = createSessionValidityCache(changes);
    await settled();
    const stale = vi.fn(async (sessionId: string) => {
      notify(SESSION_CHANGED_CHANNEL, sessionId);
      return validity(sessionId, 1);
    });
    expect((await cache.validityOf('a', stale))?.actorVersion).toBe(1);
    const fresh = vi.fn(async (sessionId: string) => validity(sessionId, 2));
    expect((await cache.validityOf('a', fresh))?.actorVersion).toBe(2);
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('keeps neither a session that is not open nor anything without change notifications', async () => {
    const { changes } = fakeChanges();
    const withChanges = createSessionValidityCache(changes);
    await settled();
    const missing = vi.fn(async () => null);
    await withChanges.validityOf('gone', missing);
    await withChanges.validityOf('gone', missing);
    expect(missing).toHaveBeenCalledTimes(2);

    const without = createSessionValidityCache(undefined);
    const read = vi.fn(async (sessionId: string) => validity(sessionId));
    await without.validityOf('a', read);
    await without.validityOf('a', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing before it listens, and stops listening when stopped', async () => {
    let listened!: () => void;
    const { changes, listenerCount } = fakeChanges(new Promise((resolve) => (listened = resolve)));
    const cache = createSessionValidityCache(changes);
    const read = vi.fn(async (sessionId: string) => validity(sessionId));
    await cache.validityOf('a', read);
    await cache.validityOf('a', read);
    expect(read).toHaveBeenCalledTimes(2);
    listened();
    await settled();
    await cache.validityOf('a', read);
    await cache.validityOf('a', read);
    expect(read).toHaveBeenCalledTimes(3);
    expect(listenerCount()).toBe(2);
    await cache.stop();
    expect(listenerCount()).toBe(0);
    await cache.validityOf('a', read);
    await cache.validityOf('a', read);
    expect(read).toHaveBeenCalledTimes(5);
  });

  it('keeps at most the given number of sessions, dropping the oldest', async () => {
    const { changes } = fakeChanges();
    const cache = createSessionValidityCache(changes, 2);
    await settled();
    const read = vi.fn(async (sessionId: string) => validity(sessionId));
    for (const sessionId of ['a', 'b', 'c']) await cache.validityOf(sessionId, read);
    await cache.validityOf('b', read);
    await cache.validityOf('c', read);
    expect(read).toHaveBeenCalledTimes(3);
    await cache.validityOf('a', read);
    expect(read).toHaveBeenCalledTimes(4);
  });
});
