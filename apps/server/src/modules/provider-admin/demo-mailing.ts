import { localTimeToMillis } from '@delego/domain';
import type { Database, Transaction } from '../../db/client.ts';
import { demoContext } from '../../db/seed/demo-trips.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { CompanyRecord } from '../company/company.repo.ts';
import { mailingRepo } from './mailing.repo.ts';
import { createMailingService } from './mailing.service.ts';

export const DEMO_MAILING_LIST_NAME = 'Administratorzy wszystkich firm';

/**
 * The provider's `superadmin` makes one list — the holders of the role "Administrator firmy" in every
 * company — and sends one mailing to it through the mailing service, so `/admin/mailing` shows a list, a
 * mailing and its deliveries. The messages go through the outbox like any other: the started server's
 * worker delivers them (to `.eml` files when no SMTP server is set). Nothing when the list already exists.
 */
export async function seedDemoMailing(tx: Transaction, admin: CompanyRecord, seedDay: string): Promise<void> {
  const provider = await demoContext(tx, admin, 'superadmin', seedDay);
  if (await mailingRepo.isListNameTaken(tx, admin.id, DEMO_MAILING_LIST_NAME, null)) return;
  const ctx = { ...provider, actor: { ...provider.actor, isAdminContext: true } };
  const service = createMailingService({ db: tx as unknown as Database, clock: new ManualClock(new Date(localTimeToMillis(seedDay, 9, 0)!)), onMailQueued: () => undefined });
  const { id: listId } = await service.createList(ctx, { name: DEMO_MAILING_LIST_NAME, rules: [{ kind: 'role', role_name: 'Administrator firmy', company_id: null }] });
  const { id } = await service.create(ctx, {
    list_id: listId,
    subject_pl: 'Delego: nowy moduł list mailingowych',
    subject_en: 'Delego: the new mailing-list module',
    body_pl:
      'Dzień dobry,\n\nod dziś dostawca Delego może wysyłać komunikaty do administratorów firm – na przykład o przerwach technicznych i nowych funkcjach.\n\nPozdrawiamy,\nZespół Delego',
    body_en:
      'Hello,\n\nfrom today the Delego provider can send announcements to company administrators – for example about maintenance windows and new features.\n\nKind regards,\nThe Delego team',
  });
  await service.send(ctx, id);
}
