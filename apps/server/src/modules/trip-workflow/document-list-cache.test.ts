import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { apiCalls } from '../../../test/api-helpers.ts';
import { insertBooking, insertInvoice } from '../../../test/bookings.ts';
import { settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';
import { createTripCompany, insertOrder } from '../../../test/trips.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { ALL_RESPONSE_PERMISSIONS, insertTravelOrder, providerUser, travelCompany } from '../../../test/travel-services.ts';
import {
  advances,
  attachments,
  delegationBookings,
  delegationOrders,
  delegations,
  delegationTasks,
  documentDecisions,
  travelServiceAcceptors,
  travelServiceMessageReads,
  travelServiceOrderEvents,
  travelServiceOrderItems,
  travelServiceOrders,
  travelServicePassengers,
  users,
} from '../../db/schema/index.ts';
import { delegationAdvanceRepo } from '../delegation-advance/delegation-advance.repo.ts';
import { delegationOrderRepo } from '../delegation-order/delegation-order.repo.ts';
import { settlementsRepo } from '../settlements/settlements.repo.ts';
import { travelServiceRepo } from '../travel-service/travel-service.repo.ts';
import type { PermissionMap } from '@delego/domain';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { fakeDatabaseChanges } from '../../../test/fake-database-changes.ts';
import { createDocumentListCache, type KeptListKind } from './document-list-cache.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
interface SettlementItem {
  id: number;
  employee_name: string;
  destination_text: string | null;
  attachment_count: number;
}
interface OrderItem {
  id: number;
  task_name: string | null;
}

async function insertSettlement(companyId: number, userId: number, values: Partial<typeof delegations.$inferInsert> = {}): Promise<number> {
  const [inserted] = await t.db
    .insert(delegations)
    .values({
      companyId,
      userId,
      createdById: userId,
      startDate: new Date('2026-03-02T06:00:00Z'),
      endDate: new Date('2026-03-02T19:00:00Z'),
      destinationText: 'Kraków',
      form: { country: [{ country_code: 'PL' }] },
      ...values,
    })
    .returning({ id: delegations.id });
  return inserted!.id;
}

describe('kept pages of the trip-order, settlement and travel-service order lists (ADR 0051)', () => {
  let c: SettlementCompany;
  let settlementId: number;
  let orderId: number;
  const settlementPage = async (headers: Headers) => {
    const response = await api.get('/delegation/list?scope=all', headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items as SettlementItem[];
  };
  const orderPage = async (headers: Headers) => {
    const response = await api.get('/delegation-order/list', headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items as OrderItem[];
  };

  beforeAll(async () => {
    c = await settlementCompany(t.app, t.db);
    settlementId = await insertSettlement(c.company.id, c.employee.id);
    orderId = await insertOrder(t.db, c.company.id, c.employee.id);
  });

  it('answers a page it has read without reading it again, and a changed page from the very next request', async () => {
    const pages = vi.spyOn(settlementsRepo, 'page');
    const caughtUp = vi.spyOn(t.databaseChanges!, 'caughtUp');
    try {
      const first = await settlementPage(c.headers.admin);
      expect(first.map((item) => [item.id, item.destination_text])).toEqual([[settlementId, 'Kraków']]);
      expect(await settlementPage(c.headers.admin)).toEqual(first);
      expect(pages).toHaveBeenCalledTimes(1);
      // A server's notifications come moments after a commit: a kept page waits until they are caught up with.
      expect(caughtUp).toHaveBeenCalledTimes(t.databaseChanges!.immediate ? 0 : 1);

      // Another viewer, another page: what the employee sees is read for them.
      expect((await settlementPage(c.headers.employee)).map((item) => item.id)).toEqual([settlementId]);
      expect(pages).toHaveBeenCalledTimes(2);

      // A change straight in the database, committed before the request: no wait, on either database.
      await t.db.update(delegations).set({ destinationText: 'Gdańsk' }).where(eq(delegations.id, settlementId));
      expect((await settlementPage(c.headers.admin))[0]!.destination_text).toBe('Gdańsk');
      expect((await settlementPage(c.headers.employee))[0]!.destination_text).toBe('Gdańsk');
      expect(pages).toHaveBeenCalledTimes(4);

      // Names are part of the company's actor version, which a kept page is keyed by.
      await t.db.update(users).set({ surname: 'Zmieniony' }).where(eq(users.id, c.employee.id));
      expect((await settlementPage(c.headers.admin))[0]!.employee_name).toMatch(/ Zmieniony$/);
    } finally {
      pages.mockRestore();
      caughtUp.mockRestore();
    }
  });

  it('reads a page again after a change to anything a page shows: documents, attachments, decisions, bookings, invoices and tasks', async () => {
    const settlementPages = vi.spyOn(settlementsRepo, 'page');
    const orderPages = vi.spyOn(delegationOrderRepo, 'page');
    const readsAfter = async (change: () => Promise<unknown>) => {
      await settlementPage(c.headers.admin);
      await orderPage(c.headers.admin);
      const before = [settlementPages.mock.calls.length, orderPages.mock.calls.length];
      await settlementPage(c.headers.admin);
      await orderPage(c.headers.admin);
      expect([settlementPages.mock.calls.length, orderPages.mock.calls.length]).toEqual(before);
      await change();
      await settlementPage(c.headers.admin);
      await orderPage(c.headers.admin);
      return [settlementPages.mock.calls.length - before[0]!, orderPages.mock.calls.length - before[1]!];
    };
    try {
      expect(await readsAfter(() => insertOrder(t.db, c.company.id, c.colleague.id))).toEqual([1, 1]);
      expect(await readsAfter(() => t.db.update(delegationOrders).set({ destinationText: 'Poznań' }).where(eq(delegationOrders.id, orderId)))).toEqual([1, 1]);
      expect(
        await readsAfter(() =>
          t.db.insert(attachments).values({
            companyId: c.company.id,
            ownerKind: 'delegation',
            ownerId: settlementId,
            fileName: 'bilet.pdf',
            contentType: 'application/pdf',
            sizeBytes: 1024,
            sha256: 'a'.repeat(64),
            storageKey: `test/${settlementId}/bilet.pdf`,
            uploadedById: c.employee.id,
          }),
        ),
      ).toEqual([1, 1]);
      expect((await settlementPage(c.headers.admin)).find((item) => item.id === settlementId)!.attachment_count).toBe(1);
      expect(
        await readsAfter(() =>
          t.db.insert(documentDecisions).values({
            companyId: c.company.id,
            documentKind: 'delegationOrder',
            documentId: orderId,
            action: 'accept',
            fromStatus: 'submitted',
            toStatus: 'accepted',
            userId: c.acceptor.id,
            contextUserId: c.acceptor.id,
          }),
        ),
      ).toEqual([1, 1]);
      const bookingId = await insertBooking(t.db, c.company.id, c.employee.id, { paidBy: 'companyInvoice', status: 'booked' });
      expect(await readsAfter(() => t.db.insert(delegationBookings).values({ companyId: c.company.id, bookingId, delegationId: settlementId }))).toEqual([1, 1]);
      expect(await readsAfter(() => insertInvoice(t.db, c.company.id, [bookingId]))).toEqual([1, 1]);
      const [task] = await t.db.insert(delegationTasks).values({ companyId: c.company.id, namePl: 'Szkolenie', nameEn: 'Training' }).returning({ id: delegationTasks.id });
      await t.db.update(delegationOrders).set({ taskId: task!.id }).where(eq(delegationOrders.id, orderId));
      expect((await orderPage(c.headers.admin)).find((item) => item.id === orderId)!.task_name).toBe('Szkolenie');
      expect(await readsAfter(() => t.db.update(delegationTasks).set({ namePl: 'Szkolenie BHP' }).where(eq(delegationTasks.id, task!.id)))).toEqual([1, 1]);
      expect((await orderPage(c.headers.admin)).find((item) => item.id === orderId)!.task_name).toBe('Szkolenie BHP');
      expect(await readsAfter(async () => t.db.delete(delegations).where(eq(delegations.id, await insertSettlement(c.company.id, c.colleague.id))))).toEqual([1, 1]);

      // Another company's change leaves this company's pages kept.
      const other = await settlementCompany(t.app, t.db);
      expect(await readsAfter(() => insertSettlement(other.company.id, other.employee.id))).toEqual([0, 0]);
    } finally {
      settlementPages.mockRestore();
      orderPages.mockRestore();
    }
  });

  it('keeps pages of up to 50 rows and reads a longer page every time', async () => {
    const d = await settlementCompany(t.app, t.db);
    await t.db.insert(delegations).values(
      Array.from({ length: 51 }, (_, index) => ({
        companyId: d.company.id,
        userId: d.employee.id,
        createdById: d.employee.id,
        startDate: new Date(Date.UTC(2026, 2, 2 + (index % 20), 6)),
        endDate: new Date(Date.UTC(2026, 2, 2 + (index % 20), 19)),
        form: { country: [{ country_code: 'PL' }] },
      })),
    );
    const pages = vi.spyOn(settlementsRepo, 'page');
    try {
      const rows = async (pageSize: number) => (await api.get(`/delegation/list?scope=all&page_size=${pageSize}`, d.headers.admin)).json().items.length;
      expect([await rows(50), await rows(50)]).toEqual([50, 50]);
      expect(pages).toHaveBeenCalledTimes(1);
      expect([await rows(100), await rows(100)]).toEqual([51, 51]);
      expect(pages).toHaveBeenCalledTimes(3);
    } finally {
      pages.mockRestore();
    }
  });

  it("keeps the client's travel-service order pages per user signed in, until an order, its items, passengers, messages or their reads change", async () => {
    const d = await travelCompany(t.app, t.db);
    const { orderId, itemId } = await insertTravelOrder(t.db, d.company.id, d.people.traveller.id, d.people.traveller);
    const pages = vi.spyOn(travelServiceRepo, 'page');
    const listed = async (headers: Headers) => {
      const response = await api.get('/travel-service/list', headers);
      expect(response.statusCode, response.body).toBe(200);
      const [order] = response.json().items as { id: number; unread_messages: number; travellers: string[] }[];
      expect(order!.id).toBe(orderId);
      return order!;
    };
    try {
      expect((await listed(d.headers.editor)).unread_messages).toBe(0);
      await listed(d.headers.editor);
      expect(pages).toHaveBeenCalledTimes(1);

      // A message from the traveller is unread for the editor, but not for its author.
      const [message] = await t.db
        .insert(travelServiceOrderEvents)
        .values({ companyId: d.company.id, orderId, action: 'message', userId: d.people.traveller.id, comment: 'Proszę o miejsce przy oknie' })
        .returning({ id: travelServiceOrderEvents.id });
      expect((await listed(d.headers.editor)).unread_messages).toBe(1);
      expect((await listed(d.headers.traveller)).unread_messages).toBe(0);
      await t.db.insert(travelServiceMessageReads).values({ eventId: message!.id, userId: d.people.editor.id, companyId: d.company.id });
      expect((await listed(d.headers.editor)).unread_messages).toBe(0);

      await t.db.update(travelServicePassengers).set({ surname: 'Podróżna' }).where(eq(travelServicePassengers.itemId, itemId));
      expect((await listed(d.headers.editor)).travellers).toEqual([`${d.people.traveller.name} Podróżna`]);
      const before = pages.mock.calls.length;
      await listed(d.headers.editor);
      await t.db.update(travelServiceOrderItems).set({ comment: 'Bagaż rejestrowany' }).where(eq(travelServiceOrderItems.id, itemId));
      await listed(d.headers.editor);
      await t.db.insert(travelServiceAcceptors).values({ companyId: d.company.id, userId: d.people.colleague.id });
      await listed(d.headers.editor);
      await t.db.update(travelServiceOrders).set({ endDate: '2026-06-13' }).where(eq(travelServiceOrders.id, orderId));
      await listed(d.headers.editor);
      expect(pages.mock.calls.length - before).toBe(3);
    } finally {
      pages.mockRestore();
    }
  });
});

describe('kept pages of the advance list', () => {
  it("reads a page again after an advance is added, changed or removed, or its order, its files or its employee's name change, and never for another company's", async () => {
    const trip = await createTripCompany(t.db, { advance_flow: 'extended' });
    const orderId = await insertOrder(t.db, trip.company.id, trip.employee.id, { status: 'accepted' });
    // An order whose advance comes later: only the advance's own insert can tell the kept page.
    const secondOrderId = await insertOrder(t.db, trip.company.id, trip.employee.id, { status: 'accepted', startDate: new Date('2026-04-27T06:00:00Z') });
    const [advance] = await t.db
      .insert(advances)
      .values({ companyId: trip.company.id, userId: trip.employee.id, delegationOrderId: orderId, amountInCurrency: '250.00', currency: 'EUR', paymentType: 'transfer' })
      .returning({ id: advances.id });
    const employee = await authHeaders(t.app, trip.company, trip.employee);
    const finance = await authHeaders(t.app, trip.company, trip.finance);
    const pages = vi.spyOn(delegationAdvanceRepo, 'page');
    const listed = async (headers: Headers, scope: 'mine' | 'toDecide') => {
      const response = await api.get(`/delegation-advance/list?scope=${scope}`, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items as { id: number; amount_in_currency: string; status: string; employee: { fullName: string }; order: { destination: string }; files: unknown[] }[];
    };
    try {
      expect((await listed(employee, 'mine')).map((item) => [item.id, item.amount_in_currency])).toEqual([[advance!.id, '250.00']]);
      expect((await listed(finance, 'toDecide')).map((item) => item.id)).toEqual([advance!.id]);
      await listed(employee, 'mine');
      await listed(finance, 'toDecide');
      expect(pages).toHaveBeenCalledTimes(2);

      const [second] = await t.db
        .insert(advances)
        .values({ companyId: trip.company.id, userId: trip.employee.id, delegationOrderId: secondOrderId, amountInCurrency: '90.00', currency: 'PLN', paymentType: 'cash' })
        .returning({ id: advances.id });
      expect((await listed(employee, 'mine')).map((item) => item.id)).toEqual([advance!.id, second!.id]);
      await t.db.delete(advances).where(eq(advances.id, second!.id));
      await t.db.update(advances).set({ status: 'approved' }).where(eq(advances.id, advance!.id));
      expect((await listed(employee, 'mine'))[0]!.status).toBe('approved');
      await t.db.update(delegationOrders).set({ destinationText: 'Monachium' }).where(eq(delegationOrders.id, orderId));
      expect((await listed(employee, 'mine'))[0]!.order.destination).toBe('Monachium');
      await t.db.insert(attachments).values({
        companyId: trip.company.id,
        ownerKind: 'advance',
        ownerId: advance!.id,
        fileName: 'wniosek.pdf',
        contentType: 'application/pdf',
        sizeBytes: 1024,
        sha256: 'b'.repeat(64),
        storageKey: `test/${advance!.id}/wniosek.pdf`,
        uploadedById: trip.employee.id,
      });
      expect((await listed(employee, 'mine'))[0]!.files).toHaveLength(1);
      await t.db.update(users).set({ surname: 'Zaliczkowa' }).where(eq(users.id, trip.employee.id));
      expect((await listed(finance, 'toDecide'))[0]!.employee.fullName).toMatch(/ Zaliczkowa$/);
      await t.db.delete(advances).where(eq(advances.id, advance!.id));
      expect(await listed(finance, 'toDecide')).toEqual([]);
      expect(pages).toHaveBeenCalledTimes(8);

      const other = await createTripCompany(t.db);
      await t.db.insert(advances).values({ companyId: other.company.id, userId: other.employee.id, delegationOrderId: await insertOrder(t.db, other.company.id, other.employee.id), amountInCurrency: '100.00', paymentType: 'cash' });
      await listed(finance, 'toDecide');
      expect(pages).toHaveBeenCalledTimes(8);
    } finally {
      pages.mockRestore();
    }
  });
});

describe("kept pages of the provider's travel-service order list", () => {
  it("are dropped by any company's change to its orders or its people's names", async () => {
    const consultant = await providerUser(t.app, t.db, ALL_RESPONSE_PERMISSIONS);
    const d = await travelCompany(t.app, t.db);
    const { orderId } = await insertTravelOrder(t.db, d.company.id, d.people.traveller.id, d.people.traveller);
    const pages = vi.spyOn(travelServiceRepo, 'page');
    const listed = async () => {
      const response = await api.get(`/admin/travel-service-admin/list?company_id=${d.company.id}`, consultant.headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items as { id: number; user: { fullName: string }; end_date: string }[];
    };
    try {
      expect((await listed()).map((order) => order.id)).toEqual([orderId]);
      await listed();
      expect(pages).toHaveBeenCalledTimes(1);
      await t.db.update(travelServiceOrders).set({ endDate: '2026-06-14' }).where(eq(travelServiceOrders.id, orderId));
      expect((await listed())[0]!.end_date).toBe('2026-06-14');
      await t.db.update(users).set({ surname: 'Przemianowana' }).where(eq(users.id, d.people.traveller.id));
      expect((await listed())[0]!.user.fullName).toBe(`${d.people.traveller.name} Przemianowana`);
      expect(pages).toHaveBeenCalledTimes(3);
      await listed();
      expect(pages).toHaveBeenCalledTimes(3);
    } finally {
      pages.mockRestore();
    }
  });
});

describe('the key of a kept list page', () => {
  it('tells apart every fact a page depends on: company, list, context user, user signed in, actor version, permissions and query', async () => {
    const { changes } = fakeDatabaseChanges();
    const lists = createDocumentListCache(changes);
    await lists.started;
    const base: { companyId: number; contextUserId: number; userId: number; actorVersion: number; contextPermissions: PermissionMap } = {
      companyId: 1,
      contextUserId: 7,
      userId: 7,
      actorVersion: 3,
      contextPermissions: { delegationAcceptSubstantive: true },
    };
    const ctxOf = (actor: Partial<typeof base>) => ({ requestId: 'r', ip: '127.0.0.1', userAgent: undefined, actor: { ...base, ...actor } }) as unknown as AuthenticatedContext;
    const query = { scope: 'all', page: 1, page_size: 25 };
    const read = vi.fn(async () => ({ items: [] }));
    const page = (actor: Partial<typeof base>, kind: KeptListKind = 'delegation', asked: object = query) => lists.page(ctxOf(actor), kind, asked, read);
    await page({});
    await page({});
    expect(read).toHaveBeenCalledTimes(1);
    const variants: [Partial<typeof base>, KeptListKind, object][] = [
      [{ companyId: 2 }, 'delegation', query],
      [{}, 'delegationOrder', query],
      [{ contextUserId: 8 }, 'delegation', query],
      [{ userId: 9 }, 'delegation', query],
      [{ actorVersion: 4 }, 'delegation', query],
      [{ contextPermissions: { delegationAcceptSubstantive: true, companyAdmin: true } }, 'delegation', query],
      [{}, 'delegation', { ...query, page: 2 }],
    ];
    for (const [actor, kind, asked] of variants) await page(actor, kind, asked);
    expect(read).toHaveBeenCalledTimes(1 + variants.length);
    // A permission map that grants the same is the same viewer.
    await page({ contextPermissions: { delegationAcceptSubstantive: true, companyAdmin: false } });
    expect(read).toHaveBeenCalledTimes(1 + variants.length);
  });
});
