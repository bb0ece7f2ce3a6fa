import { addDaysToLocalDate, localTimeToMillis } from '@delego/domain';
import type { Database, Transaction } from '../../db/client.ts';
import { demoContext } from '../../db/seed/demo-trips.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { CompanyRecord } from '../company/company.repo.ts';
import { authRepo } from '../auth/auth.repo.ts';
import { createSubstitutesService } from './substitutes.service.ts';

/**
 * The demo acceptor's absences, named by himself through the service: away during the two weeks
 * around the seed day with the finance user as substitute (so logging in as an absent colleague
 * can be tried at once), and a later absence planned with the administrator as substitute.
 */
export async function seedDemoSubstitutes(tx: Transaction, company: CompanyRecord, seedDay: string): Promise<void> {
  const clock = new ManualClock(new Date(localTimeToMillis(seedDay, 8, 0)!));
  const service = createSubstitutesService({ db: tx as unknown as Database, clock });
  const acceptor = await demoContext(tx, company, 'acceptor', seedDay);
  const finance = (await authRepo.findUserByLogin(tx, company.id, 'finance'))!;
  const administrator = (await authRepo.findUserByLogin(tx, company.id, 'administrator'))!;
  await service.saveMine(acceptor, {
    substitute_user_id: finance.id,
    date_from: addDaysToLocalDate(seedDay, -7),
    date_to: addDaysToLocalDate(seedDay, 7),
    comment: 'Urlop wypoczynkowy – decyzje podejmuje Katarzyna Wiśniewska',
  });
  await service.saveMine(acceptor, {
    substitute_user_id: administrator.id,
    date_from: addDaysToLocalDate(seedDay, 42),
    date_to: addDaysToLocalDate(seedDay, 46),
    comment: 'Szkolenie wyjazdowe',
  });
}
