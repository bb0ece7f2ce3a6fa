import type { PermissionMap } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { authRepo } from './auth.repo.ts';

/** Maps kept at once; the least recently stored goes first. */
const MAX_MAPS = 10_000;

/**
 * Users' permission maps (`authRepo.permissionMapOf`, a recursive query over roles, transfers and the user's own
 * permissions) by the company's `actor_version`, which triggers raise in the changing transaction for every
 * change a map is made of (migration 0019), and the Warsaw day, by which transfers count. A sign-in needs its
 * user's map twice (whether a second factor is required, then the session's actor), and every session of a
 * company builds its actor again after the version rose: each asks the database once per user, version and
 * day. The caller reads the version before the map is read, so a map is never kept under a version newer
 * than its data (at worst older, which only reads it once more).
 */
export interface PermissionMapCache {
  mapOf(db: Executor, company: { id: number; actorVersion: number }, userId: number, today: string): Promise<PermissionMap>;
}

export function createPermissionMapCache(maxMaps = MAX_MAPS): PermissionMapCache {
  const maps = new Map<string, PermissionMap>();
  return {
    async mapOf(db, company, userId, today) {
      const key = `${company.id}:${company.actorVersion}:${userId}:${today}`;
      const kept = maps.get(key);
      if (kept) return kept;
      const map = Object.freeze(await authRepo.permissionMapOf(db, company.id, userId, today));
      maps.set(key, map);
      if (maps.size > maxMaps) maps.delete(maps.keys().next().value!);
      return map;
    },
  };
}
