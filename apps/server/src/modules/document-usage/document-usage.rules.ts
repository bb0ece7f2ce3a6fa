import type { Executor } from '../../db/client.ts';
import { fieldError } from '../../lib/app-errors.ts';
import { documentUsageRepo, type DocumentReference } from './document-usage.repo.ts';

/**
 * Refuses deleting master data that trip orders or settlements still name (they keep it for
 * their history): `code` at `id`, with the number of documents as `count`.
 */
export async function assertNotInDocuments(db: Executor, companyId: number, reference: DocumentReference, id: number, code: string): Promise<void> {
  const usage = await documentUsageRepo.usage(db, companyId, reference, id);
  const count = usage.orders + usage.settlements;
  if (count > 0) throw fieldError(['id'], code, { count });
}
