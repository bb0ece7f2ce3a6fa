import { PERMISSIONS } from '@delego/domain';
import type { Executor } from './client.ts';
import { permissions } from './schema/index.ts';

/** Keeps the permission catalogue table in step with the domain's list (spec §6). */
export async function syncReferenceData(db: Executor): Promise<void> {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing();
}
