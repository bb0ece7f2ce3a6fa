import type { PermissionMap } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { companyRepo } from '../company/company.repo.ts';
import { authRepo } from './auth.repo.ts';

/** Maps kept at once; the least recently stored goes first. */
const MAX_MAPS = 10_000;

/**
 * Users' permission maps (`authRepo.permissionMapOf`, a recursive query over roles, transfers and the user's own
 * permissions) by the company's `actor_version`, which triggers raise in the changing transaction for every
 * change a map is made of (migration 0019), and the Warsaw day, by which transfers count. A sign-in needs its
 * user's map twice (whether a second factor is required, then the session's actor), and every session of a
 * company builds its actor again after the version rose: each asks for the map once per user, version and day.
 * `mapOf` reads the version itself, by primary key, just before the map: a company record the caller read earlier may
 * predate a change the caller itself made since (an external sign-in sets the user's roles), and the map is
 * read after the version, so it is never kept under a version newer than its data (at worst older, which only
 * reads it once more).
 */
export interface PermissionMapCache {
  mapOf(db: Executor, companyId: number, userId: number, today: string): Promise<PermissionMap>;
  /**
   * The map at a version the caller read itself in this request, after its own last change of what maps are
   * made of (a password sign-in reads its company with the user and changes nothing of them): no look-up.
   */
  mapAt(db: Executor, companyId: number, actorVersion: number, userId: number, today: string): Promise<PermissionMap>;
}

export function createPermissionMapCache(maxMaps = MAX_MAPS): PermissionMapCache {
  const maps = new Map<string, PermissionMap>();
  async function mapAt(db: Executor, companyId: number, version: number, userId: number, today: string): Promise<PermissionMap> {
    const key = `${companyId}:${version}:${userId}:${today}`;
    const kept = maps.get(key);
    if (kept) return kept;
    const map = Object.freeze(await authRepo.permissionMapOf(db, companyId, userId, today));
    maps.set(key, map);
    if (maps.size > maxMaps) maps.delete(maps.keys().next().value!);
    return map;
  }
  return {
    async mapOf(db, companyId, userId, today) {
      const version = await companyRepo.actorVersionOf(db, companyId);
      if (version === null) return authRepo.permissionMapOf(db, companyId, userId, today);
      return mapAt(db, companyId, version, userId, today);
    },
    mapAt,
  };
}
