import { addDaysToLocalDate, localTimeToMillis } from '@delego/domain';
import type { Database, Transaction } from '../../db/client.ts';
import { demoContext } from '../../db/seed/demo-trips.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { CompanyRecord } from '../company/company.repo.ts';
import { authRepo } from '../auth/auth.repo.ts';
import { createRolesService } from '../roles/roles.service.ts';
import { createSubstitutesService } from './substitutes.service.ts';

/**
 * The demo acceptor's absences, named by himself through the service: away during the two weeks
 * around the seed day with the finance user as substitute (so logging in as an absent colleague
 * can be tried at once), and a later absence planned with the administrator as substitute. For the
 * same periods he hands one permission of his own to each substitute (`/substitutes/deputyAuth`), so
 * that both a current and an upcoming transfer can be seen.
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
  const roles = createRolesService({ db: tx as unknown as Database, clock });
  await roles.ownTransferSave(acceptor, {
    to_user_id: finance.id,
    permission_name: 'travelServiceAccept',
    role_id: null,
    date_from: addDaysToLocalDate(seedDay, -7),
    date_to: addDaysToLocalDate(seedDay, 7),
    comment: 'Akceptacja usług podróżnych na czas urlopu',
  });
  await roles.ownTransferSave(acceptor, {
    to_user_id: administrator.id,
    permission_name: 'delegationForOthers',
    role_id: null,
    date_from: addDaysToLocalDate(seedDay, 42),
    date_to: addDaysToLocalDate(seedDay, 46),
    comment: 'Delegacje dla zespołu na czas szkolenia',
  });
}
