import { PERMISSIONS } from '@delego/domain';
import type { Executor } from './client.ts';
import { permissions } from './schema/index.ts';
import { syncLocations } from '../modules/location/location-seed.ts';

/** Keeps the permission catalogue (spec §6) and the travel-service locations in step with their sources. */
export async function syncReferenceData(db: Executor): Promise<void> {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing();
  await syncLocations(db);
}
