import { randomUUID } from 'node:crypto';
import {
  BOOKING_KIND_OF_ITEM_TYPE,
  AppError,
  ErrorCode,
  OFFER_CHOSEN_STATUSES,
  RESPONSE_PERMISSION_BY_TYPE,
  TRANSPORT_OF_ITEM_TYPE,
  allowedItemActions,
  applyInsuranceBehaviour,
  checkTravelServiceOrder,
  decideItem,
  deriveOrderStatus,
  isMessageFor,
  isModuleEnabled,
  needsLateArrivalHint,
  offerIssues,
  validateDecisionReason,
  readyToSendToClient,
  removalRefusal,
  serviceSpanOf,
  systemSettingsSchema,
  toLocalDate,
  nightsOfStay,
  orderLimitIssues,
  travellerDataIssues,
  dec,
  roundMoney,
  type Issue,
  type ItemAction,
  type ItemActor,
  type ItemStatus,
  type LimitedOffer,
  type OfferInput,
  type OrderItemInput,
  type TravelItemType,
  type TravelOrderStatus,
  type TravelServiceOrderForm,
  type TravellerData,
  type BookingInput,
} from '@delego/domain';
import type { ItemDtoAction, OfferDto, OrderItemDto, TravelServiceOrderDto, TravelServiceOrderRow, TravellerOption, adminTravelServiceListQuerySchema } from '@delego/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { can } from '../../lib/access.ts';
import { notFoundError } from '../../lib/app-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { outboxRepo } from '../mail/outbox.repo.ts';
import { travelServicesExceedBudget } from '../budgets/budgets.service.ts';
import type { BookingsService } from '../bookings/bookings.service.ts';
import type { CompanyRatesCache } from '../settlement-calculation/company-rates-cache.ts';
import { UNKEPT_DOCUMENT_LISTS, type DocumentListCache } from '../trip-workflow/document-list-cache.ts';
import { withRateBook } from '../settlement-calculation/rate-book-loader.ts';
import { travelServiceMail, type TravelMailEvent } from './travel-service.mails.ts';
import { travelServiceRepo, type OfferRow, type PassengerRow, type TravelItemRow, type TravelOrderRow } from './travel-service.repo.ts';

type ListQuery = z.output<typeof adminTravelServiceListQuerySchema>;

const fullName = (person: { name: string | null; surname: string | null }) => `${person.name ?? ''} ${person.surname ?? ''}`.trim();
const forbidden = () => new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'] });
const moduleDisabled = () => new AppError(ErrorCode.moduleDisabled, { messages: ['Module not available'] });
const conflict = (version: number) => new AppError(ErrorCode.conflict, { messages: ['The record was changed by someone else'], params: { version } });

/** Refusals of the transition table, with the message the client shows. */
function refusal(code: 'travelService.refused.status' | 'travelService.refused.notEntitled'): AppError {
  return code === 'travelService.refused.notEntitled'
    ? new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'], issues: [{ path: [], code }], params: { refusal: code } })
    : new AppError(ErrorCode.conflict, { messages: ['Action not allowed in the current status of the service'], issues: [{ path: [], code }], params: { refusal: code } });
}

/** Who the caller is towards one order: the ordering side, an acceptor of its company, or a provider consultant. */
interface OrderAccess {
  visible: boolean;
  isClient: boolean;
  canEdit: boolean;
  isAcceptor: boolean;
  /** Admin context: the item types the consultant answers. */
  consultantTypes: ReadonlySet<TravelItemType>;
  isAdmin: boolean;
}

/** Whether the caller may add the booking of an item bought outside the buyout: its type's consultant, while it has none. */
function canAddBooking(item: TravelItemRow, access: OrderAccess): boolean {
  return access.consultantTypes.has(item.type as TravelItemType) && item.bookingId === null;
}

/** The item's transitions the caller may take, and `addBooking` where the caller may add its booking. */
function itemActionsFor(item: TravelItemRow, access: OrderAccess): ItemDtoAction[] {
  const actions: ItemDtoAction[] = allowedItemActions(item.status as ItemStatus, actorFor(access, item.type as TravelItemType));
  return canAddBooking(item, access) ? [...actions, 'addBooking'] : actions;
}

function actorFor(access: OrderAccess, type: TravelItemType): ItemActor {
  return { isClient: access.isClient, canEdit: access.canEdit, isAcceptor: access.isAcceptor, isConsultantForType: access.consultantTypes.has(type) };
}

/** The order with everything the rules and answers need. */
interface LoadedOrder {
  order: TravelOrderRow;
  items: TravelItemRow[];
  passengers: Map<number, PassengerRow[]>;
  offers: Map<number, OfferRow[]>;
}

function group<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

function offerDto(row: OfferRow): OfferDto {
  return { id: row.id, price: row.price, currency: row.currency, parts: row.parts, html: row.html, requires: row.requires, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

/** Statuses in which the ordering side sees the consultants' offers. */
const CLIENT_SEES_OFFERS: readonly ItemStatus[] = ['sentToClient', ...OFFER_CHOSEN_STATUSES];

/** JSON with object keys in order: jsonb keeps its own key order, so a stored value compares by content. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
  return value;
}

/** The form's view of a stored item, to see whether a save changes it. */
function itemFingerprint(item: { type: string; params: unknown; comment: string; cost_centre_id: number | null; related: string | null; passengers: { company_user_id: number | null; name: string; surname: string; email: string; phone: string; birth_date: string | null; document_number: string }[] }): string {
  return JSON.stringify([item.type, canonical(item.params), item.comment, item.cost_centre_id, item.related, item.passengers.map((p) => [p.company_user_id, p.name, p.surname, p.email, p.phone, p.birth_date, p.document_number])]);
}

/** A stored item as the form would send it back unchanged. */
function storedFingerprint(item: TravelItemRow, passengers: readonly PassengerRow[]): string {
  return itemFingerprint({
    type: item.type,
    params: item.params,
    comment: item.comment,
    cost_centre_id: item.costCentreId,
    related: item.relatedItemGuid,
    passengers: passengers.map((row) => ({ company_user_id: row.companyUserId, name: row.name, surname: row.surname, email: row.email, phone: row.phone, birth_date: row.birthDate, document_number: row.documentNumber })),
  });
}

/** An item of the form as it would be stored (texts trimmed). */
function inputFingerprint(input: OrderItemInput): string {
  return itemFingerprint({
    type: input.type,
    params: input.params,
    comment: input.comment.trim(),
    cost_centre_id: input.cost_centre_id,
    related: input.related_travel_service_order_item_guid,
    passengers: input.passengers.map((passenger) => ({
      company_user_id: passenger.company_user_id,
      name: passenger.name.trim(),
      surname: passenger.surname.trim(),
      email: passenger.email.trim(),
      phone: passenger.phone.trim(),
      birth_date: passenger.birth_date,
      document_number: passenger.document_number.trim(),
    })),
  });
}

export function createTravelServiceService(deps: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  bookings: BookingsService;
  rates: CompanyRatesCache;
  onMailQueued: () => void;
  /** List pages, kept until their orders change (ADR 0051). */
  listPages?: DocumentListCache;
}) {
  const { db, clock, publicUrl, bookings, rates, listPages = UNKEPT_DOCUMENT_LISTS } = deps;

  function assertModule(ctx: AuthenticatedContext) {
    if (!ctx.actor.isAdminContext && !isModuleEnabled(ctx.actor.settings, 'travel_service')) throw moduleDisabled();
  }

  async function accessOf(executor: Executor, ctx: AuthenticatedContext, order: TravelOrderRow, passengerIds: readonly (number | null)[]): Promise<OrderAccess> {
    if (ctx.actor.isAdminContext) {
      const types = new Set((Object.entries(RESPONSE_PERMISSION_BY_TYPE) as [TravelItemType, Parameters<typeof can>[1]][]).filter(([, permission]) => can(ctx, permission)).map(([type]) => type));
      return { visible: true, isClient: false, canEdit: false, isAcceptor: false, consultantTypes: types, isAdmin: true };
    }
    const me = ctx.actor.contextUserId;
    if (order.companyId !== ctx.actor.companyId) return { visible: false, isClient: false, canEdit: false, isAcceptor: false, consultantTypes: new Set(), isAdmin: false };
    const editorOfAll = can(ctx, 'travelOrder');
    const isClient = editorOfAll || order.createdById === me || order.userId === me || passengerIds.includes(me);
    const canEdit = editorOfAll || (order.createdById === me && can(ctx, 'travelOrderSelf'));
    const isTravelAcceptor = await travelServiceRepo.isAcceptor(executor, order.companyId, me);
    // While the budget keepers decide on an overrun (ADR 0021) they, not the travel-service acceptors, accept the chosen offers; never on an order of their own.
    const keepsBudget = order.budgetAcceptance === 'pending' && can(ctx, 'reportDelegation') && order.createdById !== me && order.userId !== me;
    const isAcceptor = order.budgetAcceptance === 'pending' ? keepsBudget : isTravelAcceptor;
    return { visible: isClient || isTravelAcceptor || keepsBudget || can(ctx, 'travelOrderPreview'), isClient, canEdit, isAcceptor, consultantTypes: new Set(), isAdmin: false };
  }

  async function load(executor: Executor, companyId: number | null, id: number, lock = false): Promise<LoadedOrder | null> {
    const order = await travelServiceRepo.findOrder(executor, companyId, id, { lock });
    if (!order) return null;
    const items = await travelServiceRepo.itemsOf(executor, [id]);
    const itemIds = items.map((item) => item.id);
    const [passengers, offers] = await Promise.all([travelServiceRepo.passengersOf(executor, itemIds), travelServiceRepo.offersOf(executor, itemIds)]);
    return { order, items, passengers: group(passengers, (row) => row.itemId), offers: group(offers, (row) => row.itemId) };
  }

  /** The order the caller may see, with their access; 404 for another company's or an unseen order. */
  async function visibleOrder(executor: Executor, ctx: AuthenticatedContext, id: number, lock = false): Promise<{ loaded: LoadedOrder; access: OrderAccess }> {
    const loaded = await load(executor, ctx.actor.isAdminContext ? null : ctx.actor.companyId, id, lock);
    if (!loaded) throw notFoundError();
    const access = await accessOf(executor, ctx, loaded.order, [...loaded.passengers.values()].flat().map((row) => row.companyUserId));
    if (!access.visible) throw notFoundError();
    return { loaded, access };
  }

  async function orderOfItem(executor: Executor, ctx: AuthenticatedContext, itemId: number, lock = false) {
    const orderId = await travelServiceRepo.orderIdOfItem(executor, ctx.actor.isAdminContext ? null : ctx.actor.companyId, itemId);
    if (orderId === null) throw notFoundError();
    const found = await visibleOrder(executor, ctx, orderId, lock);
    const item = found.loaded.items.find((row) => row.id === itemId)!;
    return { ...found, item };
  }

  function settingsOf(raw: unknown) {
    return systemSettingsSchema.parse(raw ?? {});
  }

  /** The order as `readerId` sees it: their actions, and which of its messages they have not read. */
  async function toDto(executor: Executor, loaded: LoadedOrder, access: OrderAccess, readerId: number): Promise<TravelServiceOrderDto> {
    const { order, items } = loaded;
    const bySequence = new Map(items.map((item) => [item.guid, item.sequence]));
    const [people, companyName, parameters, tripOrder, events, companySettings] = await Promise.all([
      travelServiceRepo.people(executor, [order.userId, order.createdById]),
      travelServiceRepo.companyName(executor, order.companyId),
      travelServiceRepo.activeParameters(executor, order.companyId),
      order.delegationOrderId === null ? Promise.resolve(null) : travelServiceRepo.tripOrder(executor, order.companyId, order.delegationOrderId),
      travelServiceRepo.eventsOf(executor, order.id),
      travelServiceRepo.companySettings(executor, order.companyId),
    ]);
    const messages = events.filter(({ event }) => isMessageFor({ user_id: event.userId, comment: event.comment }, readerId)).map(({ event }) => event.id);
    const read = await travelServiceRepo.readEventIds(executor, readerId, messages);
    const unread = new Set(messages.filter((id) => !read.has(id)));
    const person = (id: number) => {
      const found = people.find((row) => row.id === id);
      return { id, fullName: found ? fullName(found) : '' };
    };
    const values = new Map(order.additionalParameters.map((entry) => [entry.id, entry.value]));
    const itemDtos = items.map((item) => itemDto(item, loaded, access, bySequence));
    const allowed = new Set(itemDtos.flatMap((item) => item.allowedActions));
    return {
      id: order.id,
      version: order.version,
      number: String(order.id),
      company_id: order.companyId,
      company_name: companyName,
      status: order.status as TravelOrderStatus,
      user: person(order.userId),
      created_by: person(order.createdById),
      created_at: order.createdAt.toISOString(),
      comment: order.comment,
      delegation_order_id: order.delegationOrderId,
      delegation_order_number: tripOrder?.number ?? null,
      external_customer_id: order.externalCustomerId,
      project_id: order.projectId,
      additional_parameters: parameters.map((parameter) => ({
        id: parameter.id,
        name_pl: parameter.namePl,
        name_en: parameter.nameEn,
        type: parameter.type as 'text',
        options: parameter.options,
        is_required: parameter.isRequired,
        default_value: parameter.defaultValue,
        value: values.has(parameter.id) ? (values.get(parameter.id) ?? null) : null,
      })),
      travelServiceOrderItems: itemDtos,
      can_edit: access.canEdit,
      allowedActions: [...allowed],
      history: events.map(({ event, name, surname }) => ({
        id: event.id,
        item_id: event.itemId,
        action: event.action,
        from_status: event.fromStatus,
        to_status: event.toStatus,
        user_name: fullName({ name, surname }),
        comment: event.comment,
        created_at: event.createdAt.toISOString(),
        is_message: messages.includes(event.id),
        unread: unread.has(event.id),
      })),
      unread_messages: unread.size,
      message_auto_read: settingsOf(companySettings).message_auto_read,
    };
  }

  function itemDto(item: TravelItemRow, loaded: LoadedOrder, access: OrderAccess, bySequence: Map<string, number>): OrderItemDto {
    const type = item.type as TravelItemType;
    const status = item.status as ItemStatus;
    const offers = loaded.offers.get(item.id) ?? [];
    const showOffers = access.isAdmin || CLIENT_SEES_OFFERS.includes(status);
    return {
      id: item.id,
      guid: item.guid,
      group_guid: item.groupGuid,
      sequence: item.sequence,
      related_sequence: item.relatedItemGuid === null ? null : (bySequence.get(item.relatedItemGuid) ?? null),
      related_travel_service_order_item_guid: item.relatedItemGuid,
      status,
      type,
      params: item.params,
      comment: item.comment,
      cost_centre_id: item.costCentreId,
      passengers: (loaded.passengers.get(item.id) ?? []).map((row) => ({
        id: row.id,
        company_user_id: row.companyUserId,
        name: row.name,
        surname: row.surname,
        email: row.email,
        phone: row.phone,
        birth_date: row.birthDate,
        document_number: row.documentNumber,
        offer_data: row.offerData,
      })),
      responses: showOffers ? offers.map(offerDto) : [],
      selected_offer_id: item.selectedOfferId,
      booking: item.bookingReference === null || item.bookedAt === null ? null : { reference: item.bookingReference, booked_at: item.bookedAt.toISOString(), bought_at: item.boughtAt?.toISOString() ?? null, booking_id: item.bookingId },
      notify: item.notify,
      late_arrival_hint: type === 'hotel' && needsLateArrivalHint(item.params as { start_time: string | null }),
      allowedActions: itemActionsFor(item, access),
    } as OrderItemDto;
  }

  // --- transitions ------------------------------------------------------------

  interface Pending {
    mails: { event: TravelMailEvent; to: 'client' | 'consultants' | 'acceptors' | 'budgetKeepers' | 'offerWatchers'; types: TravelItemType[]; comment: string }[];
  }

  /** Who accepts an overrun of a budget: the holders of `reportDelegation` (who keep the budgets), never the orderer or the traveller. */
  async function budgetKeeperIds(tx: Executor, order: TravelOrderRow): Promise<number[]> {
    return (await travelServiceRepo.holdersOf(tx, order.companyId, 'reportDelegation')).filter((id) => id !== order.createdById && id !== order.userId);
  }

  /** Whether accepting the items' chosen offers makes a budget of their cost centre exceed its amount (ADR 0021). */
  function exceedsBudget(tx: Executor, loaded: LoadedOrder, items: readonly TravelItemRow[]): Promise<boolean> {
    const services = items.flatMap((item) => {
      const offer = (loaded.offers.get(item.id) ?? []).find((row) => row.id === item.selectedOfferId);
      // An item counts on its first day, as the budgets count it (its order's when it has none, else today).
      const day = item.startDate ?? loaded.order.startDate ?? toLocalDate(clock.now());
      return offer ? [{ costCentreId: item.costCentreId, day, price: offer.price, currency: offer.currency }] : [];
    });
    return travelServicesExceedBudget(tx, loaded.order.companyId, loaded.order.projectId, services);
  }

  /**
   * The company asks for an extra acceptance of an order above its budget (`budget_exceeded_rule: accept`): the
   * items keep waiting for a decision, the order is marked and the budget keepers are e-mailed; without any,
   * nobody could accept it, so the decision is refused.
   */
  async function askBudgetKeepers(tx: Executor, ctx: AuthenticatedContext, loaded: LoadedOrder, items: readonly TravelItemRow[], pending: Pending) {
    if ((await budgetKeeperIds(tx, loaded.order)).length === 0) throw new AppError(ErrorCode.validationFailed, { issues: [{ path: ['workflow'], code: 'workflow.noBudgetAcceptor' }] });
    await travelServiceRepo.updateOrder(tx, loaded.order.id, { budgetAcceptance: 'pending' });
    loaded.order.budgetAcceptance = 'pending';
    await event(tx, ctx, loaded.order, null, 'budgetAcceptanceRequested', null, 'pending', '');
    pending.mails.push({ event: 'budgetAcceptance', to: 'budgetKeepers', types: items.map((item) => item.type as TravelItemType), comment: '' });
  }

  /** One item transition inside the caller's transaction: checked against the table, stored, with its history and audit row. */
  async function move(tx: Executor, ctx: AuthenticatedContext, loaded: LoadedOrder, access: OrderAccess, item: TravelItemRow, action: ItemAction, options: { comment?: string; to?: ItemStatus; extra?: Partial<TravelItemRow> } = {}) {
    const from = item.status as ItemStatus;
    const settings = settingsOf(await travelServiceRepo.companySettings(tx, loaded.order.companyId));
    const decision = decideItem(from, action, actorFor(access, item.type as TravelItemType), { offerChangeRule: settings.offer_change_rule });
    if (!decision.allowed) throw refusal(decision.refusal);
    const to = options.to ?? decision.to;
    await travelServiceRepo.updateItem(tx, item.id, { status: to, ...options.extra });
    item.status = to;
    Object.assign(item, options.extra ?? {});
    await event(tx, ctx, loaded.order, item.id, action, from, to, options.comment ?? '');
    return to;
  }

  async function event(tx: Executor, ctx: AuthenticatedContext, order: TravelOrderRow, itemId: number | null, action: string, from: string | null, to: string | null, comment: string) {
    await travelServiceRepo.insertEvent(tx, { companyId: order.companyId, orderId: order.id, itemId, action, fromStatus: from, toStatus: to, userId: ctx.actor.userId, comment });
    await recordAudit(tx, ctx, { companyId: order.companyId, action: `travelServiceOrder.${action}`, entityType: itemId === null ? 'travelServiceOrder' : 'travelServiceOrderItem', entityId: itemId ?? order.id, before: { status: from }, after: { status: to, comment } });
  }

  /**
   * After the order's items changed: assembled answers go to the client once nothing awaits the
   * consultants, the order's status and days follow its items, and the e-mails of the steps are queued.
   */
  async function settle(tx: Executor, ctx: AuthenticatedContext, loaded: LoadedOrder, pending: Pending) {
    const { order, items } = loaded;
    const statuses = items.map((item) => item.status as ItemStatus);
    if (readyToSendToClient(statuses)) {
      const assembled = items.filter((item) => item.status === 'assemblingOrder');
      for (const item of assembled) {
        await travelServiceRepo.updateItem(tx, item.id, { status: 'sentToClient' });
        await event(tx, ctx, order, item.id, 'sendToClient', 'assemblingOrder', 'sentToClient', '');
        item.status = 'sentToClient';
      }
      pending.mails.push({ event: 'offersSent', to: 'client', types: assembled.map((item) => item.type as TravelItemType), comment: '' });
      pending.mails.push({ event: 'offersSent', to: 'offerWatchers', types: assembled.map((item) => item.type as TravelItemType), comment: '' });
    }
    const status = deriveOrderStatus(items.map((item) => item.status as ItemStatus));
    const active = items.filter((item) => item.status !== 'canceledByClient' && item.status !== 'bookingCanceled');
    const starts = active.map((item) => item.startDate).filter((day): day is string => day !== null).sort();
    const ends = active.map((item) => item.endDate).filter((day): day is string => day !== null).sort();
    const from = order.status;
    await travelServiceRepo.updateOrder(tx, order.id, { status, startDate: starts[0] ?? null, endDate: ends.at(-1) ?? null });
    if (from !== status) await event(tx, ctx, order, null, 'status', from, status, '');
    order.status = status;
    await queueMails(tx, loaded, pending);
  }

  async function queueMails(tx: Executor, loaded: LoadedOrder, pending: Pending) {
    if (pending.mails.length === 0) return;
    const { order, items } = loaded;
    const settings = settingsOf(await travelServiceRepo.companySettings(tx, order.companyId));
    if (settings.email_notification_mode === 'disabled') return;
    const companyName = await travelServiceRepo.companyName(tx, order.companyId);
    const [traveller] = await travelServiceRepo.people(tx, [order.userId]);
    const adminCompanyId = await travelServiceRepo.adminCompanyId(tx);
    const passengerUsers = [...loaded.passengers.values()].flat().map((row) => row.companyUserId).filter((id): id is number => id !== null);
    const active = items.filter((item) => item.status !== 'canceledByClient' && item.status !== 'bookingCanceled');
    const mailOrder = {
      id: order.id,
      number: String(order.id),
      status: order.status as TravelOrderStatus,
      companyName,
      travellerName: traveller ? fullName(traveller) : '',
      types: [...new Set(active.map((item) => item.type as TravelItemType))],
      startDate: order.startDate,
      endDate: order.endDate,
    };
    const sent = new Set<string>();
    for (const mail of pending.mails) {
      let recipients: number[] = [];
      let link = `${publicUrl}/travel-service/edit/${order.id}`;
      switch (mail.to) {
        case 'client':
          recipients = [order.createdById, order.userId, ...passengerUsers];
          if (mail.event === 'offersSent') link = `${publicUrl}/travel-service/choose-offer/${order.id}`;
          if (mail.event === 'booked') link = `${publicUrl}/travel-service/booked/${order.id}`;
          if (mail.event === 'bought') link = `${publicUrl}/travel-service/bought/${order.id}`;
          break;
        case 'offerWatchers':
          recipients = await travelServiceRepo.notifyAllOffersIds(tx, order.companyId);
          link = `${publicUrl}/travel-service/choose-offer/${order.id}`;
          break;
        case 'acceptors':
          recipients = await travelServiceRepo.acceptorIds(tx, order.companyId);
          link = `${publicUrl}/travel-service/approval/${order.id}`;
          break;
        case 'budgetKeepers':
          recipients = await budgetKeeperIds(tx, order);
          link = `${publicUrl}/travel-service/approval/${order.id}`;
          break;
        case 'consultants': {
          if (adminCompanyId === null) break;
          // The per-item reminder: a consultant switched off an item's notifications.
          const types = [...new Set(mail.types.filter((type) => items.some((item) => item.type === type && item.notify)))];
          for (const type of types) recipients.push(...(await travelServiceRepo.holdersOf(tx, adminCompanyId, RESPONSE_PERMISSION_BY_TYPE[type])));
          link = `${publicUrl}/admin/travel-service/edit/${order.id}`;
          break;
        }
      }
      const people = await travelServiceRepo.people(tx, [...new Set(recipients)]);
      for (const recipient of people) {
        const key = `${mail.event}:${recipient.id}`;
        if (!recipient.isActive || recipient.email.trim() === '' || sent.has(key)) continue;
        sent.add(key);
        await outboxRepo.enqueue(tx, order.companyId, travelServiceMail({ to: recipient.email, language: recipient.language, template: settings.travel_service_mail_subject, order: mailOrder, event: mail.event, comment: mail.comment, link }));
      }
    }
    deps.onMailQueued();
  }

  /** Runs a change of one order in a transaction: load and lock, act, settle, answer the order's state. */
  async function changeOrder<T>(ctx: AuthenticatedContext, orderId: number, work: (tx: Executor, loaded: LoadedOrder, access: OrderAccess, pending: Pending) => Promise<T>) {
    return db.transaction(async (tx) => {
      const { loaded, access } = await visibleOrder(tx, ctx, orderId, true);
      const pending: Pending = { mails: [] };
      const result = await work(tx, loaded, access, pending);
      await settle(tx, ctx, loaded, pending);
      return { result, loaded, access };
    });
  }

  function itemResult(loaded: LoadedOrder, access: OrderAccess, item: TravelItemRow) {
    return {
      status: 'OK' as const,
      order_id: loaded.order.id,
      order_status: loaded.order.status as TravelOrderStatus,
      item_status: item.status as ItemStatus,
      allowedActions: itemActionsFor(item, access),
    };
  }

  // --- saving an order -----------------------------------------------------------

  async function referenceIssues(executor: Executor, companyId: number, form: TravelServiceOrderForm): Promise<Issue[]> {
    const issues: Issue[] = [];
    const check = async (path: Issue['path'], table: 'costCentre' | 'project' | 'contractor' | 'user', id: number | null) => {
      if (id !== null && !(await travelServiceRepo.referenceExists(executor, companyId, table, id))) issues.push({ path, code: 'validation.unknownReference' });
    };
    await check(['user_id'], 'user', form.user_id);
    await check(['project_id'], 'project', form.project_id);
    await check(['external_customer_id'], 'contractor', form.external_customer_id);
    for (const [index, item] of form.travelServiceOrderItems.entries()) {
      await check(['travelServiceOrderItems', index, 'cost_centre_id'], 'costCentre', item.cost_centre_id);
      for (const [p, passenger] of item.passengers.entries()) await check(['travelServiceOrderItems', index, 'passengers', p, 'company_user_id'], 'user', passenger.company_user_id);
    }
    return issues;
  }

  async function saveOrder(ctx: AuthenticatedContext, body: TravelServiceOrderForm) {
    assertModule(ctx);
    if (ctx.actor.isAdminContext) throw forbidden();
    const companyId = ctx.actor.companyId;
    const me = ctx.actor.contextUserId;
    const isNew = body.id === undefined;
    if (isNew && !can(ctx, 'travelOrder') && !(can(ctx, 'travelOrderSelf') && (body.user_id === null || body.user_id === me))) throw forbidden();
    if (!isNew && !(await visibleOrder(db, ctx, body.id!)).access.canEdit) throw refusal('travelService.refused.notEntitled');
    // Only a holder of travelOrder orders for someone else (spec §6).
    if (body.user_id !== null && body.user_id !== me && !can(ctx, 'travelOrder')) throw forbidden();
    const settings = ctx.actor.settings;
    const insured = applyInsuranceBehaviour(body.travelServiceOrderItems, settings.insurance_behaviour, randomUUID);
    const form: TravelServiceOrderForm = { ...body, travelServiceOrderItems: insured.items };
    const tripOrder = form.delegation_order_id === null ? null : await travelServiceRepo.tripOrder(db, companyId, form.delegation_order_id);
    const parameters = await travelServiceRepo.activeParameters(db, companyId);
    const check = checkTravelServiceOrder(form, {
      parameters: parameters.map((parameter) => ({ id: parameter.id, type: parameter.type as 'text', options: parameter.options, is_required: parameter.isRequired })),
      tripOrder: tripOrder ? { allowed_transport: tripOrder.allowedTransport as never } : null,
      today: toLocalDate(clock.now()),
    });
    const issues = [...check.issues, ...(await referenceIssues(db, companyId, form))];
    if (form.delegation_order_id !== null && (!tripOrder || tripOrder.userId !== form.user_id)) issues.push({ path: ['delegation_order_id'], code: 'validation.unknownReference' });
    if (issues.length > 0) return { status: 'error' as const, issues, warnings: check.warnings };
    const limits = await savedLimits(ctx, form);
    const warnings = [...check.warnings, ...limits.warnings];
    const confirmations = [...check.confirmations, ...limits.confirmations];
    if (confirmations.length > 0) return { status: 'confirm' as const, confirmations, warnings };

    const saved = await db.transaction(async (tx) => {
      const pending: Pending = { mails: [] };
      let loaded: LoadedOrder;
      let access: OrderAccess;
      const orderValues = {
        userId: form.user_id!,
        delegationOrderId: form.delegation_order_id,
        externalCustomerId: form.external_customer_id,
        projectId: form.project_id,
        comment: form.comment.trim(),
        additionalParameters: form.additional_parameters.map((entry) => ({ id: entry.id, value: entry.value?.trim() || null })),
      };
      if (isNew) {
        const id = await travelServiceRepo.insertOrder(tx, { companyId, createdById: me, ...orderValues });
        loaded = (await load(tx, companyId, id, true))!;
        access = await accessOf(tx, ctx, loaded.order, []);
        await event(tx, ctx, loaded.order, null, 'create', null, 'new', '');
      } else {
        ({ loaded, access } = await visibleOrder(tx, ctx, form.id!, true));
        if (!access.canEdit) throw refusal('travelService.refused.notEntitled');
        if (form.version !== undefined && form.version !== loaded.order.version) throw conflict(loaded.order.version);
        await travelServiceRepo.updateOrder(tx, loaded.order.id, orderValues);
        await event(tx, ctx, loaded.order, null, 'update', loaded.order.status, loaded.order.status, '');
      }
      const itemIssues = await syncItems(tx, ctx, loaded, access, form, pending);
      if (itemIssues.length > 0) throw new SaveRefused({ status: 'error', issues: itemIssues, warnings });
      loaded.passengers = group(await travelServiceRepo.passengersOf(tx, loaded.items.map((item) => item.id)), (row) => row.itemId);
      await settle(tx, ctx, loaded, pending);
      return loaded.order.id;
    }).catch((error: unknown) => {
      if (error instanceof SaveRefused) return error.answer;
      throw error;
    });
    if (typeof saved !== 'number') return saved;
    return { status: 'OK' as const, id: saved, messages: insured.messages, warnings };
  }

  /**
   * Spec §5 on saving: the services the save keeps unchanged with their chosen offers (a changed one
   * loses its offer) weighed against the limits of the trip order the form links — an unconfirmed
   * transport overrun asks at `delegation_order_id`, a hotel overrun is reported at its service.
   */
  async function savedLimits(ctx: AuthenticatedContext, form: TravelServiceOrderForm): Promise<{ confirmations: Issue[]; warnings: Issue[] }> {
    if (form.id === undefined || form.user_id === null) return { confirmations: [], warnings: [] };
    const loaded = await load(db, ctx.actor.companyId, form.id, false);
    if (!loaded) return { confirmations: [], warnings: [] };
    const kept = form.travelServiceOrderItems.flatMap((input, index) => {
      const item = loaded.items.find((row) => row.id === input.id);
      if (!item || item.selectedOfferId === null || item.status === 'canceledByClient' || item.status === 'bookingCanceled') return [];
      if (storedFingerprint(item, loaded.passengers.get(item.id) ?? []) !== inputFingerprint(input)) return [];
      const offer = (loaded.offers.get(item.id) ?? []).find((row) => row.id === item.selectedOfferId);
      return offer ? [{ item, offer, path: ['travelServiceOrderItems', index] }] : [];
    });
    return limitCheck(db, ctx, { companyId: ctx.actor.companyId, userId: form.user_id, tripOrderId: form.delegation_order_id }, kept, form.confirmed, ['delegation_order_id']);
  }

  /**
   * The order's items as the form lists them: new ones added, changed ones edited (their offers
   * answered anew), missing ones cancelled — unless their offer is accepted (spec §5).
   */
  async function syncItems(tx: Executor, ctx: AuthenticatedContext, loaded: LoadedOrder, access: OrderAccess, form: TravelServiceOrderForm, pending: Pending): Promise<Issue[]> {
    const issues: Issue[] = [];
    const companyId = loaded.order.companyId;
    const existing = new Map(loaded.items.map((item) => [item.id, item]));
    const kept = new Set<number>();
    const touched = new Set<TravelItemType>();
    const passengersOf = (item: OrderItemInput) =>
      item.passengers.map((passenger) => ({
        companyUserId: passenger.company_user_id,
        name: passenger.name.trim(),
        surname: passenger.surname.trim(),
        email: passenger.email.trim(),
        phone: passenger.phone.trim(),
        birthDate: passenger.birth_date,
        documentNumber: passenger.document_number.trim(),
      }));
    for (const [index, input] of form.travelServiceOrderItems.entries()) {
      const span = serviceSpanOf(input.type, input.params);
      const values = {
        sequence: input.sequence,
        groupGuid: input.group_guid,
        relatedItemGuid: input.related_travel_service_order_item_guid,
        type: input.type,
        params: input.params as Record<string, unknown>,
        comment: input.comment.trim(),
        costCentreId: input.cost_centre_id,
        startDate: span.start_date,
        endDate: span.end_date,
      };
      if (input.id === undefined) {
        const id = await travelServiceRepo.insertItem(tx, { companyId, orderId: loaded.order.id, guid: input.guid, status: 'awaitingAgentResponse', ...values });
        await travelServiceRepo.replacePassengers(tx, companyId, id, passengersOf(input));
        await event(tx, ctx, loaded.order, id, 'add', null, 'awaitingAgentResponse', '');
        loaded.items.push({ ...(await travelServiceRepo.itemsOf(tx, [loaded.order.id])).find((row) => row.id === id)! });
        touched.add(input.type);
        continue;
      }
      const current = existing.get(input.id);
      if (!current) {
        issues.push({ path: ['travelServiceOrderItems', index], code: 'validation.unknownReference' });
        continue;
      }
      kept.add(current.id);
      if (storedFingerprint(current, loaded.passengers.get(current.id) ?? []) === inputFingerprint(input)) {
        if (current.sequence !== input.sequence) await travelServiceRepo.updateItem(tx, current.id, { sequence: input.sequence });
        continue;
      }
      const decision = decideItem(current.status as ItemStatus, 'edit', actorFor(access, current.type as TravelItemType));
      if (!decision.allowed) {
        issues.push({ path: ['travelServiceOrderItems', index], code: decision.refusal });
        continue;
      }
      await move(tx, ctx, loaded, access, current, 'edit', { extra: { ...values, selectedOfferId: null } });
      await travelServiceRepo.replacePassengers(tx, companyId, current.id, passengersOf(input));
      touched.add(input.type);
    }
    for (const item of loaded.items) {
      if (kept.has(item.id) || !existing.has(item.id) || item.status === 'canceledByClient' || item.status === 'bookingCanceled') continue;
      const refused = removalRefusal(item.status as ItemStatus);
      if (refused) {
        issues.push({ path: ['travelServiceOrderItems'], code: refused, params: { sequence: item.sequence } });
        continue;
      }
      const decision = decideItem(item.status as ItemStatus, 'cancel', actorFor(access, item.type as TravelItemType));
      if (!decision.allowed) {
        issues.push({ path: ['travelServiceOrderItems'], code: decision.refusal, params: { sequence: item.sequence } });
        continue;
      }
      await move(tx, ctx, loaded, access, item, 'cancel');
      pending.mails.push({ event: 'cancelled', to: 'consultants', types: [item.type as TravelItemType], comment: '' });
    }
    if (touched.size > 0) pending.mails.push({ event: 'ordered', to: 'consultants', types: [...touched], comment: '' });
    return issues;
  }

  // --- choosing and approving ---------------------------------------------------

  /** The PLN value of an offer's price: the company's latest exchange rate of its currency. */
  async function pricePln(executor: Executor, companyId: number, offer: OfferRow): Promise<string | null> {
    if (offer.currency === 'PLN') return offer.price;
    const rate = await travelServiceRepo.exchangeRate(executor, companyId, offer.currency, toLocalDate(clock.now()));
    return rate === null ? null : roundMoney(dec(offer.price).times(rate)).toFixed(2);
  }

  /** An offer's price in `currency`, through PLN at the company's latest rates; null when a rate is missing. */
  async function priceIn(executor: Executor, companyId: number, offer: OfferRow, currency: string): Promise<string | null> {
    if (offer.currency === currency) return offer.price;
    const pln = await pricePln(executor, companyId, offer);
    if (pln === null || currency === 'PLN') return pln;
    const rate = await travelServiceRepo.exchangeRate(executor, companyId, currency, toLocalDate(clock.now()));
    return rate === null ? null : roundMoney(dec(pln).div(rate)).toFixed(2);
  }

  /**
   * Spec §5's limits for chosen offers of the order's services: the trip order's transport limit (the
   * order's linked one, `tripOrderId`) and each hotel's limit per night — the delegation rate of its
   * place's country for the order's worker on the arrival day, as the settlement would use it.
   */
  async function limitCheck(
    executor: Executor,
    ctx: AuthenticatedContext,
    order: { companyId: number; userId: number; tripOrderId: number | null },
    chosen: readonly { item: TravelItemRow; offer: OfferRow; path: Issue['path'] }[],
    confirmed: readonly string[],
    transportPath: Issue['path'],
  ): Promise<{ confirmations: Issue[]; warnings: Issue[] }> {
    if (chosen.length === 0) return { confirmations: [], warnings: [] };
    const tripOrder = order.tripOrderId === null ? null : await travelServiceRepo.tripOrder(executor, order.companyId, order.tripOrderId);
    const stays = chosen.flatMap((entry) => (entry.item.type === 'hotel' ? [{ entry, params: entry.item.params as { place_id: number | null; start_date: string | null; end_date: string | null } }] : []));
    const countries = await travelServiceRepo.placeCountries(executor, stays.flatMap(({ params }) => (params.place_id === null ? [] : [params.place_id])));
    const owner = { companyId: order.companyId, ratesVersion: ctx.actor.ratesVersion, actorVersion: ctx.actor.actorVersion, employeeId: order.userId };
    const { result: hotelRates } = await withRateBook(executor, rates, owner, (book) =>
      stays.map(({ params }) => {
        const country = params.place_id === null ? undefined : countries.get(params.place_id);
        return country === undefined || params.start_date === null ? null : book.perDiemRate(country, null, params.start_date);
      }),
    );
    const offers: LimitedOffer[] = [];
    for (const entry of chosen) {
      const stay = stays.findIndex((candidate) => candidate.entry === entry);
      const rate = stay < 0 ? null : hotelRates[stay];
      const params = stay < 0 ? null : stays[stay]!.params;
      offers.push({
        path: entry.path,
        isTransport: TRANSPORT_OF_ITEM_TYPE[entry.item.type as TravelItemType] !== null,
        price_pln: await pricePln(executor, order.companyId, entry.offer),
        hotel:
          rate && params
            ? { price: await priceIn(executor, order.companyId, entry.offer, rate.currency), nights: nightsOfStay(params.start_date, params.end_date), limit_per_night: rate.hotel_limit, currency: rate.currency }
            : null,
      });
    }
    return orderLimitIssues(tripOrder?.allowedTransportCost ?? null, offers, confirmed, transportPath);
  }

  async function chooseOffers(ctx: AuthenticatedContext, body: { id: number; version?: number; choices: { item_id: number; offer_id: number; travellers: { passenger_id: number; data: TravellerData }[] }[]; confirmed: string[] }) {
    assertModule(ctx);
    if (ctx.actor.isAdminContext) throw forbidden();
    let answer: { status: 'error'; issues: Issue[]; warnings: Issue[] } | { status: 'confirm'; confirmations: Issue[]; warnings: Issue[] } | null = null;
    let orderStatus: TravelOrderStatus | null = null;
    let warnings: Issue[] = [];
    await db
      .transaction(async (tx) => {
        const { loaded, access } = await visibleOrder(tx, ctx, body.id, true);
        if (body.version !== undefined && body.version !== loaded.order.version) throw conflict(loaded.order.version);
        const issues: Issue[] = [];
        const chosen: { item: TravelItemRow; offer: OfferRow }[] = [];
        for (const [index, choice] of body.choices.entries()) {
          const item = loaded.items.find((row) => row.id === choice.item_id);
          if (!item) throw notFoundError();
          const decision = decideItem(item.status as ItemStatus, 'chooseOffer', actorFor(access, item.type as TravelItemType));
          if (!decision.allowed) throw refusal(decision.refusal);
          const offer = (loaded.offers.get(item.id) ?? []).find((row) => row.id === choice.offer_id);
          if (!offer) {
            issues.push({ path: ['choices', index, 'offer_id'], code: 'travelService.offerNotOfItem' });
            continue;
          }
          const passengers = loaded.passengers.get(item.id) ?? [];
          for (const [p, passenger] of passengers.entries()) {
            const given = choice.travellers.find((entry) => entry.passenger_id === passenger.id)?.data ?? {};
            const data: TravellerData = { email: passenger.email || undefined, phone: passenger.phone || undefined, document_number: passenger.documentNumber || undefined, birth_date: passenger.birthDate ?? undefined, ...given };
            issues.push(...travellerDataIssues(offer.requires, data, ['choices', index, 'travellers', p, 'data']));
          }
          chosen.push({ item, offer });
        }
        if (issues.length > 0) {
          answer = { status: 'error', issues, warnings: [] };
          return;
        }
        // Spec §5: the chosen offers with those chosen before weighed against the limits; the transport limit asks for confirmation.
        const weighed = [
          ...chosen.map(({ item, offer }, index) => ({ item, offer, path: ['choices', index, 'offer_id'] })),
          ...loaded.items.flatMap((item) => {
            if (item.selectedOfferId === null || chosen.some((entry) => entry.item.id === item.id) || item.status === 'canceledByClient' || item.status === 'bookingCanceled') return [];
            const offer = (loaded.offers.get(item.id) ?? []).find((row) => row.id === item.selectedOfferId);
            return offer ? [{ item, offer, path: ['choices'] }] : [];
          }),
        ];
        const limits = await limitCheck(tx, ctx, { companyId: loaded.order.companyId, userId: loaded.order.userId, tripOrderId: loaded.order.delegationOrderId }, weighed, body.confirmed, ['choices']);
        warnings = limits.warnings;
        if (limits.confirmations.length > 0) {
          answer = { status: 'confirm', confirmations: limits.confirmations, warnings };
          return;
        }
        const pending: Pending = { mails: [] };
        // A new choice is weighed against the budget afresh.
        if (loaded.order.budgetAcceptance !== null) {
          await travelServiceRepo.updateOrder(tx, loaded.order.id, { budgetAcceptance: null });
          loaded.order.budgetAcceptance = null;
        }
        for (const [index, { item, offer }] of chosen.entries()) {
          await move(tx, ctx, loaded, access, item, 'chooseOffer', { extra: { selectedOfferId: offer.id } });
          for (const passenger of loaded.passengers.get(item.id) ?? []) {
            const given = body.choices[index]!.travellers.find((entry) => entry.passenger_id === passenger.id)?.data ?? {};
            await travelServiceRepo.setPassengerOfferData(tx, passenger.id, given);
          }
        }
        const waiting = loaded.items.filter((item) => item.status === 'offerSelected');
        const overBudget = await exceedsBudget(tx, loaded, waiting);
        // The company's rule decides what an overrun does (ADR 0021); the orderer is told of it either way.
        if (overBudget) warnings = [...warnings, { path: ['choices'], code: 'travelService.budgetExceeded' }];
        const budgetStep = overBudget && ctx.actor.settings.budget_exceeded_rule === 'accept';
        // Spec §4: an orderer who is an acceptor of travel-service orders is confirmed automatically, but an overrun still needs the budget keepers.
        if (budgetStep && (await travelServiceRepo.isAcceptor(tx, loaded.order.companyId, loaded.order.createdById))) {
          await askBudgetKeepers(tx, ctx, loaded, waiting, pending);
        } else if (await travelServiceRepo.isAcceptor(tx, loaded.order.companyId, loaded.order.createdById)) {
          const asAcceptor: OrderAccess = { ...access, isAcceptor: true };
          for (const { item } of chosen) await move(tx, ctx, loaded, asAcceptor, item, 'accept');
          pending.mails.push({ event: 'accepted', to: 'consultants', types: chosen.map(({ item }) => item.type as TravelItemType), comment: '' });
        } else {
          pending.mails.push({ event: 'chosen', to: 'acceptors', types: chosen.map(({ item }) => item.type as TravelItemType), comment: '' });
        }
        await settle(tx, ctx, loaded, pending);
        orderStatus = loaded.order.status as TravelOrderStatus;
      });
    if (answer) return answer;
    return { status: 'OK' as const, id: body.id, order_status: orderStatus!, messages: [], warnings };
  }

  async function decide(ctx: AuthenticatedContext, body: { id: number; decision: 'accept' | 'reject'; comment?: string }) {
    assertModule(ctx);
    if (ctx.actor.isAdminContext) throw forbidden();
    // A rejection needs its reason like every other decision (spec §4, at least ten characters).
    const reasonIssues = validateDecisionReason(body.decision, body.comment);
    if (reasonIssues.length > 0) throw new AppError(ErrorCode.validationFailed, { issues: reasonIssues });
    const { loaded } = await changeOrder(ctx, body.id, async (tx, loaded, access, pending) => {
      const waiting = loaded.items.filter((item) => item.status === 'offerSelected');
      if (waiting.length === 0) throw refusal('travelService.refused.status');
      const types = waiting.map((item) => item.type as TravelItemType);
      if (body.decision === 'accept' && loaded.order.budgetAcceptance === null && ctx.actor.settings.budget_exceeded_rule === 'accept' && (await exceedsBudget(tx, loaded, waiting))) {
        // The acceptor's acceptance is recorded; the overrun still waits for the budget keepers' (ADR 0021).
        for (const item of waiting) {
          const decision = decideItem(item.status as ItemStatus, 'accept', actorFor(access, item.type as TravelItemType));
          if (!decision.allowed) throw refusal(decision.refusal);
          await event(tx, ctx, loaded.order, item.id, 'accept', item.status, item.status, body.comment ?? '');
        }
        await askBudgetKeepers(tx, ctx, loaded, waiting, pending);
        return;
      }
      const budgetDecision = loaded.order.budgetAcceptance === 'pending';
      for (const item of waiting) await move(tx, ctx, loaded, access, item, body.decision, { comment: body.comment ?? '' });
      if (budgetDecision) {
        loaded.order.budgetAcceptance = body.decision === 'accept' ? 'accepted' : null;
        await travelServiceRepo.updateOrder(tx, loaded.order.id, { budgetAcceptance: loaded.order.budgetAcceptance });
      }
      const mailEvent = body.decision === 'accept' ? 'accepted' : 'rejected';
      pending.mails.push({ event: mailEvent, to: 'client', types, comment: body.comment ?? '' });
      pending.mails.push({ event: mailEvent, to: 'consultants', types, comment: body.comment ?? '' });
    });
    // Who may decide now follows the order's budget step, which this decision may have opened or closed.
    const now = await accessOf(db, ctx, loaded.order, [...loaded.passengers.values()].flat().map((row) => row.companyUserId));
    const actions = new Set(loaded.items.flatMap((item) => allowedItemActions(item.status as ItemStatus, actorFor(now, item.type as TravelItemType))));
    return { status: 'OK' as const, order_id: loaded.order.id, order_status: loaded.order.status as TravelOrderStatus, allowedActions: [...actions] };
  }

  const CLIENT_MAIL: Record<'provideInfo' | 'requestBuyout' | 'requestCancellation' | 'cancel', TravelMailEvent> = {
    provideInfo: 'infoProvided',
    requestBuyout: 'buyoutRequested',
    requestCancellation: 'cancellationRequested',
    cancel: 'cancelled',
  };

  async function clientItemAction(ctx: AuthenticatedContext, body: { item_id: number; action: 'provideInfo' | 'requestBuyout' | 'requestCancellation' | 'cancel'; comment?: string }) {
    assertModule(ctx);
    if (ctx.actor.isAdminContext) throw forbidden();
    const orderId = await travelServiceRepo.orderIdOfItem(db, ctx.actor.companyId, body.item_id);
    if (orderId === null) throw notFoundError();
    let moved!: TravelItemRow;
    const { loaded, access } = await changeOrder(ctx, orderId, async (tx, loaded, access, pending) => {
      moved = loaded.items.find((item) => item.id === body.item_id)!;
      await move(tx, ctx, loaded, access, moved, body.action, { comment: body.comment ?? '' });
      pending.mails.push({ event: CLIENT_MAIL[body.action], to: 'consultants', types: [moved.type as TravelItemType], comment: body.comment ?? '' });
    });
    return itemResult(loaded, access, moved);
  }

  // --- consultants ---------------------------------------------------------------

  function assertAdminContext(ctx: AuthenticatedContext) {
    if (!ctx.actor.isAdminContext) throw forbidden();
  }

  async function adminItem(ctx: AuthenticatedContext, itemId: number) {
    assertAdminContext(ctx);
    const { loaded, access, item } = await orderOfItem(db, ctx, itemId);
    const bySequence = new Map(loaded.items.map((row) => [row.guid, row.sequence]));
    const responses = (loaded.offers.get(item.id) ?? []).map(offerDto);
    const [user] = await travelServiceRepo.people(db, [loaded.order.userId]);
    return {
      orderItem: itemDto(item, loaded, access, bySequence),
      order: {
        id: loaded.order.id,
        number: String(loaded.order.id),
        company_name: await travelServiceRepo.companyName(db, loaded.order.companyId),
        status: loaded.order.status as TravelOrderStatus,
        user: { id: loaded.order.userId, fullName: user ? fullName(user) : '' },
      },
      responses,
      selected_offer: responses.find((offer) => offer.id === item.selectedOfferId) ?? null,
      editable: access.consultantTypes.has(item.type as TravelItemType) && !OFFER_CHOSEN_STATUSES.includes(item.status as ItemStatus) && decideItem(item.status as ItemStatus, 'answer', actorFor(access, item.type as TravelItemType)).allowed,
    };
  }

  async function saveOffers(ctx: AuthenticatedContext, body: { item_id: number; responses: OfferInput[]; comment?: string }) {
    assertAdminContext(ctx);
    const issues = body.responses.flatMap((offer, index) => offerIssues(offer).map((issue) => ({ ...issue, path: ['responses', index, ...issue.path] })));
    if (issues.length > 0) return { status: 'error' as const, issues, warnings: [] };
    const orderId = await travelServiceRepo.orderIdOfItem(db, null, body.item_id);
    if (orderId === null) throw notFoundError();
    let moved!: TravelItemRow;
    const { loaded, access } = await changeOrder(ctx, orderId, async (tx, loaded, access, pending) => {
      moved = loaded.items.find((item) => item.id === body.item_id)!;
      if (!access.consultantTypes.has(moved.type as TravelItemType)) {
        throw new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'], issues: [{ path: [], code: 'travelService.typeNotAnswered' }] });
      }
      const current = loaded.offers.get(moved.id) ?? [];
      const chosen = OFFER_CHOSEN_STATUSES.includes(moved.status as ItemStatus);
      const stored = (offer: OfferInput, position: number) => ({
        price: offer.price,
        currency: offer.currency,
        parts: offer.parts,
        html: offer.html,
        requires: offer.requires,
        position,
      });
      if (chosen) {
        // After the choice only the chosen offer changes, following the company's offer-change rule (spec §9).
        const [change] = body.responses;
        if (body.responses.length !== 1 || change!.id !== moved.selectedOfferId) throw new AppError(ErrorCode.conflict, { messages: ['Action not allowed in the current status of the service'], issues: [{ path: ['responses'], code: 'travelService.offerChosen' }] });
        const to = await move(tx, ctx, loaded, access, moved, 'changeOffer', { comment: body.comment ?? '' });
        await travelServiceRepo.updateOffer(tx, change!.id!, stored(change!, current.find((offer) => offer.id === change!.id)?.position ?? 0));
        pending.mails.push({ event: 'offerChanged', to: 'client', types: [moved.type as TravelItemType], comment: body.comment ?? '' });
        if (to === 'offerSelected') pending.mails.push({ event: 'chosen', to: 'acceptors', types: [moved.type as TravelItemType], comment: body.comment ?? '' });
        return;
      }
      await move(tx, ctx, loaded, access, moved, 'answer', { comment: body.comment ?? '' });
      const keep = new Set<number>();
      for (const [position, offer] of body.responses.entries()) {
        const existing = offer.id === undefined ? undefined : current.find((row) => row.id === offer.id);
        if (offer.id !== undefined && !existing) throw notFoundError();
        if (existing) {
          keep.add(existing.id);
          await travelServiceRepo.updateOffer(tx, existing.id, stored(offer, position));
        } else {
          await travelServiceRepo.insertOffer(tx, { companyId: loaded.order.companyId, itemId: moved.id, createdById: ctx.actor.userId, ...stored(offer, position) });
        }
      }
      await travelServiceRepo.deleteOffers(tx, current.filter((offer) => !keep.has(offer.id)).map((offer) => offer.id));
    });
    return itemResult(loaded, access, moved);
  }

  async function consultantItemAction(ctx: AuthenticatedContext, body: { item_id: number; action: 'askClient' | 'book' | 'buy' | 'confirmCancellation'; reference?: string; comment?: string }) {
    assertAdminContext(ctx);
    if (body.action === 'book' && (body.reference === undefined || body.reference.trim() === '')) {
      throw new AppError(ErrorCode.validationFailed, { issues: [{ path: ['reference'], code: 'global.error.required' }] });
    }
    const orderId = await travelServiceRepo.orderIdOfItem(db, null, body.item_id);
    if (orderId === null) throw notFoundError();
    let moved!: TravelItemRow;
    const { loaded, access } = await changeOrder(ctx, orderId, async (tx, loaded, access, pending) => {
      moved = loaded.items.find((item) => item.id === body.item_id)!;
      const comment = body.comment ?? '';
      const type = moved.type as TravelItemType;
      const now = clock.now();
      switch (body.action) {
        case 'askClient':
          await move(tx, ctx, loaded, access, moved, 'askClient', { comment });
          pending.mails.push({ event: 'clarificationRequested', to: 'client', types: [type], comment });
          break;
        case 'book':
          await move(tx, ctx, loaded, access, moved, 'book', { comment, extra: { bookingReference: body.reference!.trim(), bookedAt: now } });
          pending.mails.push({ event: 'booked', to: 'client', types: [type], comment });
          break;
        case 'buy': {
          await move(tx, ctx, loaded, access, moved, 'buy', { comment, extra: { boughtAt: now } });
          // A booking the consultant already entered for the item (add-booking) stays its only one.
          const bookingId = moved.bookingId ?? (await recordBooking(tx, ctx, loaded, moved));
          await travelServiceRepo.updateItem(tx, moved.id, { bookingId });
          moved.bookingId = bookingId;
          pending.mails.push({ event: 'bought', to: 'client', types: [type], comment });
          break;
        }
        case 'confirmCancellation':
          await move(tx, ctx, loaded, access, moved, 'confirmCancellation', { comment });
          pending.mails.push({ event: 'cancellationConfirmed', to: 'client', types: [type], comment });
          break;
      }
    });
    return itemResult(loaded, access, moved);
  }

  /**
   * Spec §2 `/admin/travel-service/add-booking/{id}`: the consultant of the item's type enters the
   * booking of a service bought outside the buyout. It is saved in the order's company through the
   * bookings module and linked to the item, which then shows it as a bought item shows its booking;
   * an item keeps one booking.
   */
  async function addBooking(ctx: AuthenticatedContext, body: BookingInput & { item_id: number }) {
    assertAdminContext(ctx);
    const { item_id: itemId, ...input } = body;
    return db.transaction(async (tx) => {
      const { loaded, access, item } = await orderOfItem(tx, ctx, itemId, true);
      if (!access.consultantTypes.has(item.type as TravelItemType)) throw new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'], issues: [{ path: [], code: 'travelService.typeNotAnswered' }] });
      if (!canAddBooking(item, access)) throw new AppError(ErrorCode.conflict, { messages: ['The service already has a booking'], issues: [{ path: [], code: 'travelService.bookingExists' }] });
      const bookingId = await bookings.addForTravelServiceItem(tx, ctx, loaded.order.companyId, { travelServiceItemId: item.id, bookedById: loaded.order.createdById }, input);
      const now = clock.now();
      const extra = { bookingId, bookingReference: item.bookingReference ?? input.record_locator ?? '', bookedAt: item.bookedAt ?? now, boughtAt: item.boughtAt ?? now };
      await travelServiceRepo.updateItem(tx, item.id, extra);
      // The order's history names the step; its audit row and the booking's ('booking.create') record it.
      await event(tx, ctx, loaded.order, item.id, 'addBooking', item.status, item.status, input.comment ?? '');
      return { status: 'ok' as const, booking_id: bookingId, order_id: loaded.order.id };
    });
  }

  /** A bought item becomes a booking of the order's company (bookings module), paid by the company. */
  async function recordBooking(tx: Executor, ctx: AuthenticatedContext, loaded: LoadedOrder, item: TravelItemRow): Promise<number> {
    const offer = (loaded.offers.get(item.id) ?? []).find((row) => row.id === item.selectedOfferId);
    const passengers = loaded.passengers.get(item.id) ?? [];
    const traveller = passengers[0];
    const leg = offer?.parts.find((part) => part.kind === 'leg');
    const room = offer?.parts.find((part) => part.kind === 'room');
    const car = offer?.parts.find((part) => part.kind === 'car');
    const type = item.type as TravelItemType;
    const params = item.params as { seat_class?: string | null; room_type?: string | null; car_class?: string | null };
    return bookings.recordTravelServiceItem(tx, ctx, loaded.order.companyId, {
      travelServiceItemId: item.id,
      kind: BOOKING_KIND_OF_ITEM_TYPE[type],
      userId: traveller?.companyUserId ?? loaded.order.userId,
      travellerName: traveller ? fullName(traveller) : '',
      travellerEmail: traveller?.email || null,
      bookedById: loaded.order.createdById,
      recordLocator: item.bookingReference,
      carrier: leg?.kind === 'leg' ? leg.carrier || null : car?.kind === 'car' ? car.company || null : null,
      name: room?.kind === 'room' ? room.hotel_name || null : null,
      flightNumber: leg?.kind === 'leg' ? leg.number || null : null,
      seatClass: type === 'flight' || type === 'flightLowCost' || type === 'rail' ? (params.seat_class ?? null) : null,
      startPlace: leg?.kind === 'leg' ? leg.from_text || null : null,
      endPlace: leg?.kind === 'leg' ? leg.to_text || null : null,
      startDay: item.startDate,
      endDay: item.endDate,
      roomType: type === 'hotel' ? (params.room_type ?? null) : null,
      carClass: type === 'car' ? (params.car_class ?? null) : null,
      address: room?.kind === 'room' ? room.address || null : null,
      amountGross: offer?.price ?? '0.00',
      currency: offer?.currency ?? 'PLN',
      costCentreId: item.costCentreId,
      projectId: loaded.order.projectId,
    });
  }

  async function toggleNotification(ctx: AuthenticatedContext, itemId: number) {
    assertAdminContext(ctx);
    return db.transaction(async (tx) => {
      const { loaded, access, item } = await orderOfItem(tx, ctx, itemId, true);
      if (!access.consultantTypes.has(item.type as TravelItemType)) throw new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'], issues: [{ path: [], code: 'travelService.typeNotAnswered' }] });
      const notify = !item.notify;
      await travelServiceRepo.updateItem(tx, item.id, { notify });
      await recordAudit(tx, ctx, { companyId: loaded.order.companyId, action: 'travelServiceOrderItem.notify', entityType: 'travelServiceOrderItem', entityId: item.id, before: { notify: item.notify }, after: { notify } });
      return { status: 'ok' as const, notify };
    });
  }

  // --- lists and form data --------------------------------------------------------

  type ListPage = { items: TravelServiceOrderRow[]; total: number; total_is_exact: boolean };

  /** Pages kept until their orders change (ADR 0051): the client's per company, the provider's across them. */
  async function list(ctx: AuthenticatedContext, query: ListQuery, admin: boolean): Promise<ListPage> {
    if (admin) {
      assertAdminContext(ctx);
      return listPages.providerPage(ctx, 'travelServiceOrder', query, () => readListPage(ctx, query, true));
    }
    assertModule(ctx);
    if (ctx.actor.isAdminContext) throw forbidden();
    return listPages.page(ctx, 'travelServiceOrder', query, () => readListPage(ctx, query, false));
  }

  async function readListPage(ctx: AuthenticatedContext, query: ListQuery, admin: boolean): Promise<ListPage> {
    const me = ctx.actor.contextUserId;
    const isAcceptor = !admin && (await travelServiceRepo.isAcceptor(db, ctx.actor.companyId, me));
    const seesCompany = !admin && (can(ctx, 'travelOrder') || can(ctx, 'travelOrderPreview') || isAcceptor);
    const { rows, total, total_is_exact } = await travelServiceRepo.page(
      db,
      {
        companyId: admin ? (query.company_id ?? null) : ctx.actor.companyId,
        ownOf: admin || seesCompany ? undefined : me,
        status: query.status,
        type: query.type,
        travellerId: query.traveller_id,
        dateFrom: query.date_from,
        dateTo: query.date_to,
        number: query.number,
        delegationOrderId: query.delegation_order_id,
        search: query.search,
        sort: query.sort,
        order: query.order,
      },
      pageWindow(query),
    );
    const items = await travelServiceRepo.itemsOf(db, rows.map((row) => row.order.id));
    const passengers = group(await travelServiceRepo.passengersOf(db, items.map((item) => item.id)), (row) => row.itemId);
    const byOrder = group(items, (item) => item.orderId);
    const unread = await travelServiceRepo.unreadCounts(db, ctx.actor.userId, rows.map((row) => row.order.id));
    const result: TravelServiceOrderRow[] = [];
    for (const { order, userName, userSurname, companyName } of rows) {
      const orderItems = byOrder.get(order.id) ?? [];
      const orderPassengers = orderItems.flatMap((item) => passengers.get(item.id) ?? []);
      const access: OrderAccess = admin
        ? await accessOf(db, ctx, order, [])
        : {
            visible: true,
            isClient: can(ctx, 'travelOrder') || order.createdById === me || order.userId === me || orderPassengers.some((row) => row.companyUserId === me),
            canEdit: can(ctx, 'travelOrder') || (order.createdById === me && can(ctx, 'travelOrderSelf')),
            isAcceptor,
            consultantTypes: new Set(),
            isAdmin: false,
          };
      const actions = new Set(orderItems.flatMap((item) => allowedItemActions(item.status as ItemStatus, actorFor(access, item.type as TravelItemType))));
      result.push({
        id: order.id,
        version: order.version,
        number: String(order.id),
        company_name: companyName,
        status: order.status as TravelOrderStatus,
        user: { id: order.userId, fullName: fullName({ name: userName, surname: userSurname }) },
        created_by: { id: order.createdById, fullName: '' },
        created_at: order.createdAt.toISOString(),
        types: [...new Set(orderItems.map((item) => item.type as TravelItemType))],
        start_date: order.startDate,
        end_date: order.endDate,
        travellers: [...new Set(orderPassengers.map((row) => fullName(row)))],
        can_edit: access.canEdit,
        allowedActions: [...actions],
        unread_messages: unread.get(order.id) ?? 0,
      });
    }
    const creators = await travelServiceRepo.people(db, [...new Set(rows.map((row) => row.order.createdById))]);
    for (const row of result) {
      const creator = creators.find((person) => person.id === row.created_by.id);
      row.created_by.fullName = creator ? fullName(creator) : '';
    }
    return { items: result, total, total_is_exact };
  }

  async function travellerOptions(ctx: AuthenticatedContext): Promise<TravellerOption[]> {
    const companyId = ctx.actor.companyId;
    const rows = await travelServiceRepo.travellerOptions(db, companyId, can(ctx, 'travelOrder') ? undefined : ctx.actor.contextUserId);
    return rows.map(({ person, costCentreIds }) => ({
      id: person.id,
      company_user_id: person.id,
      name: person.name,
      surname: person.surname,
      email: person.email,
      phone: person.phone ?? '',
      birth_date: person.birthDate,
      document_number: person.identityDocumentNumber ?? '',
      defaultCostCentre: person.defaultCostCentreId,
      costCentres: costCentreIds,
    }));
  }

  return {
    list: (ctx: AuthenticatedContext, query: ListQuery) => list(ctx, query, false),
    adminList: (ctx: AuthenticatedContext, query: ListQuery) => list(ctx, query, true),

    async availableUsers(ctx: AuthenticatedContext) {
      assertModule(ctx);
      if (ctx.actor.isAdminContext) return [];
      return travellerOptions(ctx);
    },

    /** The user's own company; every active company for the provider's admin context. */
    async availableCompanies(ctx: AuthenticatedContext) {
      assertModule(ctx);
      const rows = await travelServiceRepo.companies(db, ctx.actor.isAdminContext ? null : [ctx.actor.companyId]);
      return rows.filter((row) => !ctx.actor.isAdminContext || row.code.toLowerCase() !== 'admin').map((row) => ({ id: row.id, name: row.name }));
    },

    async basicData(ctx: AuthenticatedContext) {
      assertModule(ctx);
      if (ctx.actor.isAdminContext) throw forbidden();
      const companyId = ctx.actor.companyId;
      const [availableUsers, parameters, choices] = await Promise.all([travellerOptions(ctx), travelServiceRepo.activeParameters(db, companyId), travelServiceRepo.formChoices(db, companyId)]);
      const settings = ctx.actor.settings;
      return {
        availableUsers,
        additionalParameters: parameters.map((parameter) => ({
          id: parameter.id,
          name_pl: parameter.namePl,
          name_en: parameter.nameEn,
          type: parameter.type as 'text',
          options: parameter.options,
          is_required: parameter.isRequired,
          default_value: parameter.defaultValue,
          value: parameter.defaultValue,
        })),
        externalCustomers: choices.contractors,
        costCentres: choices.centres,
        projects: choices.projects.map((project) => ({ id: project.id, name: project.name, contractor_id: project.contractorId })),
        settings: {
          insurance_behaviour: settings.insurance_behaviour,
          is_insurance_separated: settings.is_insurance_separated,
          offer_change_rule: settings.offer_change_rule,
          message_auto_read: settings.message_auto_read,
          flight_is_return_route: settings.flight_is_return_route,
        },
      };
    },

    async getServiceOrder(ctx: AuthenticatedContext, id: number, admin: boolean) {
      if (admin) assertAdminContext(ctx);
      else {
        assertModule(ctx);
        if (ctx.actor.isAdminContext) throw forbidden();
      }
      const { loaded, access } = await visibleOrder(db, ctx, id);
      return { travelServiceOrder: await toDto(db, loaded, access, ctx.actor.userId) };
    },

    /**
     * Spec §9: the caller read messages of an order they see (any company's for a consultant in the
     * admin context). Only messages to the caller qualify: another order's event, the caller's own
     * comment or a plain step answer 404, like an order the caller does not see.
     */
    async markMessagesRead(ctx: AuthenticatedContext, body: { order_id: number; event_ids: number[] }, admin: boolean) {
      if (admin) assertAdminContext(ctx);
      else {
        assertModule(ctx);
        if (ctx.actor.isAdminContext) throw forbidden();
      }
      const { loaded } = await visibleOrder(db, ctx, body.order_id);
      const reader = ctx.actor.userId;
      const messages = new Set(
        (await travelServiceRepo.eventsOf(db, loaded.order.id)).filter(({ event }) => isMessageFor({ user_id: event.userId, comment: event.comment }, reader)).map(({ event }) => event.id),
      );
      const ids = [...new Set(body.event_ids)];
      if (ids.some((id) => !messages.has(id))) throw notFoundError();
      await travelServiceRepo.markRead(db, loaded.order.companyId, reader, ids);
      const unread = await travelServiceRepo.unreadCounts(db, reader, [loaded.order.id]);
      return { status: 'ok' as const, unread_messages: unread.get(loaded.order.id) ?? 0 };
    },

    editServiceOrder: saveOrder,
    chooseOffers,
    decide,
    clientItemAction,
    adminItem,
    saveOffers,
    consultantItemAction,
    toggleNotification,
    addBooking,
  };
}

/** Rolls the save's transaction back while answering the form's problems. */
class SaveRefused extends Error {
  constructor(readonly answer: { status: 'error'; issues: Issue[]; warnings: Issue[] }) {
    super('save refused');
  }
}

export type TravelServiceService = ReturnType<typeof createTravelServiceService>;
