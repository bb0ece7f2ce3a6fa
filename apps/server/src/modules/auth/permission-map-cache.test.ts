import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionMap } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { companyRepo } from '../company/company.repo.ts';
import { authRepo } from './auth.repo.ts';
import { createPermissionMapCache } from './permission-map-cache.ts';

const db = {} as Executor;

afterEach(() => vi.restoreAllMocks());

describe('permission map cache', () => {
  it("reads a user's map once per company version and Warsaw day, and again after either changed", async () => {
    let version = 5;
    let held: PermissionMap = { travelOrder: true };
    vi.spyOn(companyRepo, 'actorVersionOf').mockImplementation(async () => version);
    const read = vi.spyOn(authRepo, 'permissionMapOf').mockImplementation(async () => ({ ...held }));
    const cache = createPermissionMapCache();
    expect(await cache.mapOf(db, 1, 7, '2026-11-26')).toEqual({ travelOrder: true });
    expect(await cache.mapOf(db, 1, 7, '2026-11-26')).toEqual({ travelOrder: true });
    expect(read).toHaveBeenCalledTimes(1);

    // A change of the user's roles raised the version in its own transaction (migration 0019).
    version = 6;
    held = { travelOrder: true, companyAdmin: true };
    expect(await cache.mapOf(db, 1, 7, '2026-11-26')).toEqual({ travelOrder: true, companyAdmin: true });
    expect(await cache.mapOf(db, 1, 7, '2026-11-27')).toEqual({ travelOrder: true, companyAdmin: true });
    expect(await cache.mapOf(db, 1, 8, '2026-11-27')).toEqual({ travelOrder: true, companyAdmin: true });
    expect(await cache.mapOf(db, 2, 7, '2026-11-27')).toEqual({ travelOrder: true, companyAdmin: true });
    expect(read).toHaveBeenCalledTimes(5);
    expect(read).toHaveBeenLastCalledWith(db, 2, 7, '2026-11-27');
  });

  it('keeps at most the given number of maps, dropping the oldest, and hands out maps nobody can change', async () => {
    vi.spyOn(companyRepo, 'actorVersionOf').mockImplementation(async () => 1);
    const read = vi.spyOn(authRepo, 'permissionMapOf').mockImplementation(async () => ({ travelOrder: true }));
    const cache = createPermissionMapCache(2);
    for (const userId of [1, 2, 3]) await cache.mapOf(db, 1, userId, '2026-11-26');
    await cache.mapOf(db, 1, 3, '2026-11-26');
    expect(read).toHaveBeenCalledTimes(3);
    const map = await cache.mapOf(db, 1, 1, '2026-11-26');
    expect(read).toHaveBeenCalledTimes(4);
    expect(Object.isFrozen(map)).toBe(true);
  });
});
