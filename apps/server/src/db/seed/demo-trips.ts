import { and, eq } from 'drizzle-orm';
import {
  addDaysToLocalDate,
  localTimeToMillis,
  type DocumentAction,
  type SystemSettings,
} from '@delego/domain';
import { delegationAdvanceApi, delegationApi, delegationOrderApi } from '@delego/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../client.ts';
import { contractors, costCentres, delegationTasks, exchangeRates, projects, vehicles } from '../schema/index.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { ManualClock } from '../../lib/clock.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { authRepo } from '../../modules/auth/auth.repo.ts';
import type { CompanyRecord } from '../../modules/company/company.repo.ts';
import { createDelegationAdvanceService } from '../../modules/delegation-advance/delegation-advance.service.ts';
import { createDelegationOrderService } from '../../modules/delegation-order/delegation-order.service.ts';
import { createAttachmentsService } from '../../modules/settlements/attachments.service.ts';
import { createSettlementsService } from '../../modules/settlements/settlements.service.ts';
import { renderPdf } from '../../modules/settlements/trip-documents.service.ts';
import { createSettlementDistances } from '../../modules/settlement-calculation/settlement-distances.ts';
import { createCompanyRatesCache } from '../../modules/settlement-calculation/company-rates-cache.ts';
import { createTripWorkflow } from '../../modules/trip-workflow/trip-workflow.service.ts';

/** `requestId` of the audit rows the demo trips leave, so the log says they were seeded. */
export const DEMO_SEED_REQUEST_ID = 'seed:demo';

type DemoLogin = 'employee' | 'acceptor' | 'finance';

/** A request body as the route hands it to the service: the JSON parsed by the endpoint's schema (defaults applied, unknown keys refused). */
function requestBody<B extends z.ZodType>(endpoint: { body?: B }, value: unknown): z.output<B> {
  return endpoint.body!.parse(value);
}

/**
 * The demo trips' calendar: days relative to the Monday of the week the seed runs in (Warsaw), so
 * past trips lie a few weeks back on working days and future ones a week or more ahead, whenever
 * the demo is started. Every seeded event happens before that Monday, i.e. before the seed day.
 */
export function demoCalendar(seedDay: string) {
  const weekday = (new Date(`${seedDay}T12:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDaysToLocalDate(seedDay, -weekday);
  /** `YYYY-MM-DD` of a weekday (0 = Monday) `week` weeks from the seed week. */
  const day = (week: number, weekdayIndex: number) => addDaysToLocalDate(monday, week * 7 + weekdayIndex);
  return {
    monday,
    day,
    /** The form's `YYYY-MM-DD HH:mm`. */
    at: (week: number, weekdayIndex: number, time: string) => `${day(week, weekdayIndex)} ${time}`,
    /** The instant of a Warsaw wall time, for the seed's clock. */
    instant: (week: number, weekdayIndex: number, time: string) => {
      const [hour, minute] = time.split(':').map(Number);
      return new Date(localTimeToMillis(day(week, weekdayIndex), hour!, minute!)!);
    },
  };
}

type DemoCalendar = ReturnType<typeof demoCalendar>;

/**
 * EUR rates for the foreign demo trips: every working day from nine weeks to eight days before the
 * seed week's Monday, stored as manual rates (no table number) because they are made-up values near
 * the NBP mid rate, not NBP's. The days close to today are left to the NBP import (and to manual
 * rates an administrator enters), which a same-day NBP rate would win over anyway.
 */
async function insertDemoExchangeRates(
  tx: Transaction,
  companyId: number,
  calendar: DemoCalendar,
): Promise<void> {
  const rows: (typeof exchangeRates.$inferInsert)[] = [];
  for (let offset = -63; offset <= -8; offset++) {
    const rateDate = addDaysToLocalDate(calendar.monday, offset);
    const weekday = new Date(`${rateDate}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    rows.push({
      companyId,
      currency: 'EUR',
      rateDate,
      rate: (4.238 + ((rows.length * 37) % 23) * 0.0011).toFixed(4),
      tableNo: null,
      source: 'manual',
    });
  }
  await tx.insert(exchangeRates).values(rows);
}

/** The ids of the demo master data the trips name. */
async function masterDataIds(tx: Transaction, companyId: number) {
  const task = async (namePl: string) =>
    (
      await tx
        .select({ id: delegationTasks.id })
        .from(delegationTasks)
        .where(and(eq(delegationTasks.companyId, companyId), eq(delegationTasks.namePl, namePl)))
    )[0]!.id;
  const [centre] = await tx
    .select({ id: costCentres.id })
    .from(costCentres)
    .where(and(eq(costCentres.companyId, companyId), eq(costCentres.ordinate, 'MPK-100')));
  const [project] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.name, 'Wdrożenie CRM')));
  const [contractor] = await tx
    .select({ id: contractors.id })
    .from(contractors)
    .where(and(eq(contractors.companyId, companyId), eq(contractors.name, 'Acme Polska Sp. z o.o.')));
  const [ownCar] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.companyId, companyId), eq(vehicles.plates, 'WA 5Y123')));
  return {
    ownCar: ownCar!.id,
    clientMeeting: await task('Spotkanie z klientem'),
    training: await task('Szkolenie'),
    tradeFair: await task('Targi i konferencje'),
    salesCentre: centre!.id,
    crmProject: project!.id,
    acme: contractor!.id,
  };
}

/**
 * The trip documents of the demo company, so that every list and every state of the workflow can
 * be seen right after the first start. Anna Kowalska (`employee`) has:
 * - a settled foreign settlement (Berlin by her own car, hotel bill, a EUR advance) from an accepted order;
 * - a settlement of a two-day trip to Kraków (train, one hotel night), sent and waiting for `acceptor`;
 * - a settlement of a day in Gdańsk, accepted on substance and returned for correction by `finance`;
 * - an accepted order for the trade fair in Frankfurt with a paid EUR advance, not settled yet;
 * - an order to Wrocław sent and waiting for `acceptor`, and a draft order to Poznań.
 *
 * Everything goes through the same services as the API, acting as the demo users with a clock set
 * to each event's time, so numbers, calculations, decisions and audit rows are the real ones.
 * `tx` is the transaction that creates the demo company: the company and its trips commit together.
 */
/**
 * A demo user's request context, as the routes hand it to services; the seed acts through the
 * services as this user (with the request id `seed:demo`).
 */
export async function demoContext(
  tx: Transaction,
  company: CompanyRecord,
  login: string,
  seedDay: string,
): Promise<AuthenticatedContext> {
  const user = (await authRepo.findUserByLogin(tx, company.id, login))!;
  const permissions = await authRepo.permissionMapOf(tx, company.id, user.id, seedDay);
  return {
    requestId: DEMO_SEED_REQUEST_ID,
    ip: '127.0.0.1',
    userAgent: undefined,
    actor: {
      sessionId: DEMO_SEED_REQUEST_ID,
      companyId: company.id,
      companyCode: company.code,
      userId: user.id,
      contextUserId: user.id,
      login: user.login,
      name: user.name,
      surname: user.surname,
      email: user.email,
      isExternalUser: user.isExternal,
      externalReturnUrl: null,
      companyName: company.name,
      contextUserLogin: user.login,
      permissions,
      contextPermissions: permissions,
      language: user.language,
      settings: company.settings,
      ratesVersion: company.ratesVersion,
      actorVersion: company.actorVersion,
      substituteCount: await authRepo.activeSubstitutionCount(tx, company.id, user.id, seedDay),
      isAdminContext: false,
    },
  };
}

/** The cost estimate the employee attaches to the Wrocław trip's advance: a one-page PDF. */
function costEstimatePdf(): Promise<Buffer> {
  return renderPdf(
    {
      content: [
        { text: 'Kosztorys wyjazdu – Wrocław', fontSize: 16, bold: true, margin: [0, 0, 0, 12] },
        {
          table: {
            widths: ['*', 'auto'],
            body: [
              ['Bilety kolejowe Warszawa – Wrocław – Warszawa', '320,00 zł'],
              ['Nocleg (1 noc)', '380,00 zł'],
              ['Dojazdy na miejscu', '50,00 zł'],
            ],
          },
        },
      ],
    },
    'keep',
  );
}

/**
 * Seeds the trips; answers the accepted Frankfurt order, which the demo travel-service orders link to.
 * `storage` keeps the files the demo attaches (the server's storage, so they can be downloaded).
 */
export async function seedDemoTrips(tx: Transaction, company: CompanyRecord, seedDay: string, storage: FileStorage): Promise<{ frankfurtOrderId: number }> {
  const calendar = demoCalendar(seedDay);
  const { at, day, instant } = calendar;
  const ids = await masterDataIds(tx, company.id);
  await insertDemoExchangeRates(tx, company.id, calendar);

  const clock = new ManualClock(instant(-7, 0, '08:00'));
  // The services run their own transactions; handed the seed's, they nest in it as savepoints.
  const db = tx as unknown as Database;
  // Notifications are off for the seed's actors: the seeded decisions lie in the past and nobody should be
  // e-mailed about them (with SMTP set up, the invented @demo.delego.local addresses would bounce). The
  // company's own setting is untouched, so everything done in the app after the start is e-mailed as usual.
  const settings: SystemSettings = { ...company.settings, email_notification_mode: 'disabled' };
  // With notifications off no e-mail, and so no link to the app, is written.
  const publicUrl = '';
  const onMailQueued = () => undefined;
  const workflow = createTripWorkflow({ db, clock, publicUrl, onMailQueued });
  const rates = createCompanyRatesCache();
  const orders = createDelegationOrderService({ db, clock, workflow, rates });
  const attachments = createAttachmentsService({ db, clock, storage, workflow });
  // Demo trips are checked against the coordinates' estimate, never a paid maps service.
  const settlements = createSettlementsService({ db, clock, workflow, attachments, rates, ...createSettlementDistances({ db, provider: null }) });
  const advances = createDelegationAdvanceService({ db, clock, workflow, attachments, publicUrl, onMailQueued });

  const contexts = new Map<DemoLogin, AuthenticatedContext>();
  for (const login of ['employee', 'acceptor', 'finance'] as const)
    contexts.set(login, await demoContext(tx, { ...company, settings }, login, seedDay));
  const as = (login: DemoLogin) => contexts.get(login)!;
  const employeeId = as('employee').actor.userId;
  /** Moves the clock to a Warsaw wall time of the calendar. */
  const when = (week: number, weekdayIndex: number, time: string) =>
    clock.set(instant(week, weekdayIndex, time));

  async function saveOrder(body: Record<string, unknown>) {
    const answer = await orders.saveStandard(
      as('employee'),
      requestBody(delegationOrderApi.saveStandard, { user_id: employeeId, ...body }),
    );
    if (answer.status !== 'OK') throw new Error(`demo order not saved: ${JSON.stringify(answer.issues)}`);
    return answer.delegationOrder;
  }
  const orderAction = (login: DemoLogin, id: number, action: DocumentAction, comment?: string) =>
    orders.action(as(login), requestBody(delegationOrderApi.action, { id, action, comment }));
  async function saveSettlement(delegation: Record<string, unknown>) {
    const answer = await settlements.saveStandard(
      as('employee'),
      requestBody(delegationApi.saveStandard, { delegation: { user_id: employeeId, ...delegation } }),
    );
    if (answer.status !== 'OK') throw new Error(`demo settlement not saved: ${JSON.stringify(answer)}`);
    return answer.delegation;
  }
  const settlementAction = (
    login: DemoLogin,
    id: number,
    action: Exclude<DocumentAction, 'edit'>,
    comment?: string,
  ) => settlements.action(as(login), requestBody(delegationApi.action, { id, action, comment }));
  const advanceOf = (saved: { advances: { id?: number }[] }) => saved.advances[0]!.id!;
  const payAdvance = (id: number, paymentDate: string) =>
    advances.decision(
      as('finance'),
      requestBody(delegationAdvanceApi.decision, { id, decision: 'markPaid', payment_date: paymentDate }),
    );

  const order = {
    cost_centre_id: ids.salesCentre,
    task: null,
    destinationText: null,
    start_place_text: 'Warszawa',
    end_place_text: 'Warszawa',
    allowed_transport_cost: null,
    settlement_deadline: null,
    project_id: null,
    external_customer_id: null,
    custom_number: null,
    advances: [],
  };
  const rail = (from: string, to: string, start: string, end: string, amount: string) => ({
    transport_type: 'rail',
    settlement_type_id: 'ticketScan',
    from_place_text: from,
    to_place_text: to,
    start_date: start,
    end_date: end,
    amount_in_currency: amount,
    currency: 'PLN',
  });
  const privateCar = (from: string, to: string, start: string, end: string, distance: string) => ({
    transport_type: 'car',
    settlement_type_id: 'lumpSum',
    from_place_text: from,
    to_place_text: to,
    start_date: start,
    end_date: end,
    distance,
    // Her own Škoda Octavia of the demo vehicles: mileage follows the vehicle record.
    vehicle_id: ids.ownCar,
  });

  // 1. Berlin, seven weeks back: ordered, accepted, advance paid, travelled by her own car, settled.
  when(-7, 1, '09:00');
  const berlinOrder = await saveOrder({
    ...order,
    task_id: ids.tradeFair,
    add_description: 'Targi branżowe w Berlinie – spotkania z dystrybutorami z Niemiec',
    destinations: [{ place_text: 'Berlin', country_code: 'DE' }],
    start_date: at(-5, 1, '06:00'),
    end_date: at(-5, 3, '20:00'),
    allowed_transport: ['car'],
    advances: [
      {
        amount_in_currency: '100.00',
        currency: 'EUR',
        payment_type: 'cash',
        payment_date: day(-6, 4),
        comment: 'Na parkingi i opłaty drogowe',
      },
    ],
  });
  await orderAction('employee', berlinOrder.id, 'submit');
  when(-7, 2, '10:15');
  await orderAction('acceptor', berlinOrder.id, 'accept', 'Zgoda na przejazd własnym samochodem.');
  when(-6, 4, '11:00');
  await payAdvance(advanceOf(berlinOrder), day(-6, 4));
  when(-4, 0, '09:30');
  const berlin = await saveSettlement({
    delegation_order_id: berlinOrder.id,
    cost_centre_id: ids.salesCentre,
    task_id: ids.tradeFair,
    task: 'Targi branżowe w Berlinie – spotkania z dystrybutorami z Niemiec',
    destinationText: 'Berlin',
    start_date: at(-5, 1, '06:00'),
    end_date: at(-5, 3, '20:00'),
    settlement_date: day(-4, 0),
    transport: [
      privateCar('Warszawa', 'Berlin', at(-5, 1, '06:00'), at(-5, 1, '13:00'), '575'),
      privateCar('Berlin', 'Warszawa', at(-5, 3, '13:00'), at(-5, 3, '20:00'), '575'),
    ],
    country: [
      { country_code: 'PL', in_date: at(-5, 1, '06:00'), out_date: at(-5, 1, '11:00') },
      {
        country_code: 'DE',
        in_date: at(-5, 1, '11:00'),
        out_date: at(-5, 3, '15:00'),
        meals_per_doba: [
          { breakfast: false, lunch: false, dinner: false },
          { breakfast: true, lunch: false, dinner: false },
          { breakfast: true, lunch: false, dinner: false },
        ],
        breakfast_count: '2',
        accommodation: [
          {
            settlement_type_id: 'invoiceWorkerPayment',
            start_date: at(-5, 1, '15:00'),
            end_date: at(-5, 3, '10:00'),
            amount_in_currency: '268.00',
            currency: 'EUR',
            invoice_date: day(-5, 3),
          },
        ],
      },
      { country_code: 'PL', in_date: at(-5, 3, '15:00'), out_date: at(-5, 3, '20:00') },
    ],
    other: [
      {
        type_id: 'parking',
        payment_type_id: 'cash',
        amount_in_currency: '36.00',
        currency: 'EUR',
        bill_number: 'P/2291',
        bill_date: day(-5, 2),
      },
    ],
    advances: [{ id: advanceOf(berlinOrder), payment_type: 'cash' }],
  });
  await settlementAction('employee', berlin.id, 'submit');
  when(-4, 1, '10:00');
  await settlementAction('acceptor', berlin.id, 'accept');
  when(-4, 3, '12:00');
  await settlementAction(
    'finance',
    berlin.id,
    'settle',
    'Sprawdzono z rachunkami, do wypłaty w najbliższym przelewie.',
  );

  // 2. Kraków, three weeks back: ordered and accepted; the settlement is sent and waits for the acceptor.
  when(-4, 2, '09:00');
  const krakowOrder = await saveOrder({
    ...order,
    task_id: ids.clientMeeting,
    add_description: 'Prezentacja oferty i negocjacje umowy serwisowej z klientem w Krakowie',
    destinations: [{ place_text: 'Kraków', country_code: 'PL' }],
    start_date: at(-3, 1, '07:00'),
    end_date: at(-3, 2, '21:00'),
    allowed_transport: ['rail'],
    allowed_transport_cost: '400.00',
  });
  await orderAction('employee', krakowOrder.id, 'submit');
  when(-4, 2, '14:00');
  await orderAction('acceptor', krakowOrder.id, 'accept');
  when(-1, 0, '08:30');
  const krakow = await saveSettlement({
    delegation_order_id: krakowOrder.id,
    cost_centre_id: ids.salesCentre,
    task_id: ids.clientMeeting,
    task: 'Prezentacja oferty i negocjacje umowy serwisowej z klientem w Krakowie',
    destinationText: 'Kraków',
    start_date: at(-3, 1, '07:00'),
    end_date: at(-3, 2, '21:00'),
    settlement_date: day(-1, 0),
    transport: [
      rail('Warszawa', 'Kraków', at(-3, 1, '07:00'), at(-3, 1, '09:30'), '169.00'),
      rail('Kraków', 'Warszawa', at(-3, 2, '18:30'), at(-3, 2, '21:00'), '149.00'),
    ],
    country: [
      {
        country_code: 'PL',
        in_date: at(-3, 1, '07:00'),
        out_date: at(-3, 2, '21:00'),
        breakfast_count: '1',
        accommodation: [
          {
            settlement_type_id: 'invoiceWorkerPayment',
            start_date: at(-3, 1, '15:00'),
            end_date: at(-3, 2, '11:00'),
            amount_in_currency: '389.00',
            currency: 'PLN',
            invoice_date: day(-3, 2),
          },
        ],
      },
    ],
  });
  await settlementAction('employee', krakow.id, 'submit');

  // 3. Gdańsk, two weeks back, settled without an order: accepted, then returned by finance for the tickets.
  when(-2, 4, '10:00');
  const gdansk = await saveSettlement({
    cost_centre_id: ids.salesCentre,
    task_id: ids.training,
    task: 'Szkolenie z obsługi nowego systemu CRM u partnera wdrożeniowego',
    destinationText: 'Gdańsk',
    start_date: at(-2, 3, '06:30'),
    end_date: at(-2, 3, '21:30'),
    settlement_date: day(-2, 4),
    transport: [
      rail('Warszawa', 'Gdańsk', at(-2, 3, '06:30'), at(-2, 3, '09:20'), '159.00'),
      rail('Gdańsk', 'Warszawa', at(-2, 3, '18:40'), at(-2, 3, '21:30'), '159.00'),
    ],
    country: [{ country_code: 'PL', in_date: at(-2, 3, '06:30'), out_date: at(-2, 3, '21:30') }],
    other: [
      {
        type_id: 'taxi',
        payment_type_id: 'ownFunds',
        amount_in_currency: '42.00',
        currency: 'PLN',
        bill_number: 'T/0815',
        bill_date: day(-2, 3),
      },
    ],
  });
  await settlementAction('employee', gdansk.id, 'submit');
  when(-1, 1, '09:00');
  await settlementAction('acceptor', gdansk.id, 'accept');
  when(-1, 2, '13:00');
  await settlementAction(
    'finance',
    gdansk.id,
    'returnForCorrection',
    'Brak skanów biletów kolejowych – proszę je dołączyć i wysłać rozliczenie ponownie.',
  );

  // 4. Frankfurt, in two weeks: accepted with a EUR advance already paid, waiting to be settled after the trip.
  when(-2, 0, '10:00');
  const frankfurt = await saveOrder({
    ...order,
    task_id: ids.tradeFair,
    add_description: 'Targi Automechanika we Frankfurcie – dyżur na stoisku firmy i spotkania z partnerami',
    destinations: [{ place_text: 'Frankfurt nad Menem', country_code: 'DE' }],
    start_date: at(2, 1, '06:00'),
    end_date: at(2, 4, '22:00'),
    allowed_transport: ['flight', 'publicTransport'],
    allowed_transport_cost: '1850.00',
    settlement_deadline: day(4, 4),
    advances: [
      {
        amount_in_currency: '300.00',
        currency: 'EUR',
        payment_type: 'transfer',
        payment_date: day(-1, 3),
        comment: 'Na hotel i dojazdy na miejscu',
      },
    ],
  });
  await orderAction('employee', frankfurt.id, 'submit');
  when(-2, 1, '11:00');
  await orderAction(
    'acceptor',
    frankfurt.id,
    'accept',
    'Akceptuję, proszę o rezerwację lotu przez konsultanta.',
  );
  when(-1, 3, '10:00');
  await payAdvance(advanceOf(frankfurt), day(-1, 3));

  // 5. Wrocław, next week: sent and waiting for the acceptor.
  when(-1, 4, '15:00');
  const wroclaw = await saveOrder({
    ...order,
    task_id: ids.clientMeeting,
    add_description: 'Spotkanie z zarządem klienta w sprawie rozszerzenia wdrożenia CRM',
    destinations: [{ place_text: 'Wrocław', country_code: 'PL' }],
    start_date: at(1, 2, '06:30'),
    end_date: at(1, 3, '19:00'),
    allowed_transport: ['rail'],
    allowed_transport_cost: '420.00',
    project_id: ids.crmProject,
    external_customer_id: ids.acme,
  });
  // Its advance carries the trip's cost estimate (spec §3 "Advance … files"), requested on the advances screen.
  const estimate = await attachments.upload(as('employee'), { section: 'advance' }, { fileName: 'kosztorys-wroclaw.pdf', content: await costEstimatePdf() });
  await advances.save(
    as('employee'),
    requestBody(delegationAdvanceApi.save, {
      delegation_order_id: wroclaw.id,
      amount_in_currency: '750.00',
      currency: 'PLN',
      payment_type: 'transfer',
      payment_date: null,
      comment: 'Na bilety i nocleg według kosztorysu',
      files: [estimate.attachment.id],
    }),
  );
  await orderAction('employee', wroclaw.id, 'submit');

  // 6. Poznań, in three weeks: a draft not sent yet.
  when(-1, 4, '16:30');
  await saveOrder({
    ...order,
    task_id: ids.training,
    add_description: 'Szkolenie z technik sprzedaży konsultacyjnej',
    destinations: [{ place_text: 'Poznań', country_code: 'PL' }],
    start_date: at(3, 1, '07:00'),
    end_date: at(3, 1, '19:00'),
    allowed_transport: ['rail'],
  });
  return { frankfurtOrderId: frankfurt.id };
}
