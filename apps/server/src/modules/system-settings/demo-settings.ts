import type { Database, Transaction } from '../../db/client.ts';
import { demoContext } from '../../db/seed/demo-trips.ts';
import type { CompanyRecord } from '../company/company.repo.ts';
import { createSystemSettingsService } from './system-settings.service.ts';

/**
 * The demo company's administrator turns on the maps distance check (spec §9, ADR 0033) through the
 * settings service, so a settlement's kilometres are compared with the maps distance (the estimate
 * without a maps service) right after the first start: a segment further off than the allowed
 * difference asks for a comment. Made after the demo trips, which the check would otherwise ask
 * about as well.
 */
export async function seedDemoSettings(tx: Transaction, company: CompanyRecord, seedDay: string): Promise<void> {
  const service = createSystemSettingsService({ db: tx as unknown as Database });
  await service.save(await demoContext(tx, company, 'administrator', seedDay), { distance_verification: 'commentRequired' });
}
