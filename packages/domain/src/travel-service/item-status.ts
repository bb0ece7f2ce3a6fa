/**
 * The status machine of travel-service order items and the order status that follows from them
 * (spec §4). Each item moves only along `ITEM_TRANSITIONS`; the order's status is never set by
 * hand but derived from its items after every change, so the two cannot disagree. The server
 * applies a transition in one transaction with its audit row; the list and detail answers carry
 * `allowedItemActions`, so the buttons shown are exactly the ones the server accepts.
 */

/** Spec §4 "Single item statuses". */
export const ITEM_STATUSES = [
  'awaitingAgentResponse',
  'assemblingOrder',
  'sentToClient',
  'offerSelected',
  'acceptedByClient',
  'booked',
  'clarificationForOffer',
  'clarificationForBooking',
  'cancellationInProgress',
  'bookingCanceled',
  'buyoutRequested',
  'bought',
  'canceledByClient',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** Spec §4 "Travel service order statuses". */
export const TRAVEL_ORDER_STATUSES = [
  'new',
  'partlyCompleted',
  'sentForChoice',
  'chosenSentForAcceptance',
  'acceptedByClient',
  'booked',
  'rejectedByClient',
  'awaitingInfoForOffer',
  'awaitingInfoForBooking',
  'cancellationRequested',
  'buyoutRequested',
  'bought',
] as const;
export type TravelOrderStatus = (typeof TRAVEL_ORDER_STATUSES)[number];

/** Who takes an action: the ordering side, the provider's consultant of the item's type, or a travel-service acceptor of the company. */
export type ItemRole = 'client' | 'consultant' | 'acceptor';

export const ITEM_ACTIONS = [
  'edit',
  'answer',
  'askClient',
  'provideInfo',
  'chooseOffer',
  'accept',
  'reject',
  'changeOffer',
  'book',
  'requestBuyout',
  'buy',
  'requestCancellation',
  'confirmCancellation',
  'cancel',
] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

export interface ItemTransition {
  by: ItemRole;
  /** The statuses the action starts from, each with the status it leads to. */
  from: Partial<Record<ItemStatus, ItemStatus>>;
}

/**
 * The transition table. `answer` on items still being answered leaves them `assemblingOrder`;
 * the service sends every assembled item to the client (`sentToClient`) once none of the order
 * awaits an answer. `changeOffer` of an accepted offer follows the offer-change rule (see
 * `changeOfferTarget`). An acceptor's rejection cancels the item on the client's side.
 */
export const ITEM_TRANSITIONS: Record<ItemAction, ItemTransition> = {
  edit: {
    by: 'client',
    from: {
      awaitingAgentResponse: 'awaitingAgentResponse',
      assemblingOrder: 'awaitingAgentResponse',
      sentToClient: 'awaitingAgentResponse',
      offerSelected: 'awaitingAgentResponse',
      clarificationForOffer: 'awaitingAgentResponse',
    },
  },
  answer: {
    by: 'consultant',
    from: {
      awaitingAgentResponse: 'assemblingOrder',
      assemblingOrder: 'assemblingOrder',
      clarificationForOffer: 'assemblingOrder',
      sentToClient: 'sentToClient',
    },
  },
  askClient: {
    by: 'consultant',
    from: { awaitingAgentResponse: 'clarificationForOffer', assemblingOrder: 'clarificationForOffer', acceptedByClient: 'clarificationForBooking' },
  },
  provideInfo: {
    by: 'client',
    from: { clarificationForOffer: 'awaitingAgentResponse', clarificationForBooking: 'acceptedByClient' },
  },
  chooseOffer: { by: 'client', from: { sentToClient: 'offerSelected', offerSelected: 'offerSelected' } },
  accept: { by: 'acceptor', from: { offerSelected: 'acceptedByClient' } },
  reject: { by: 'acceptor', from: { offerSelected: 'canceledByClient' } },
  changeOffer: { by: 'consultant', from: { offerSelected: 'offerSelected', acceptedByClient: 'acceptedByClient' } },
  book: { by: 'consultant', from: { acceptedByClient: 'booked' } },
  requestBuyout: { by: 'client', from: { booked: 'buyoutRequested' } },
  buy: { by: 'consultant', from: { buyoutRequested: 'bought' } },
  requestCancellation: { by: 'client', from: { booked: 'cancellationInProgress', buyoutRequested: 'cancellationInProgress' } },
  confirmCancellation: { by: 'consultant', from: { cancellationInProgress: 'bookingCanceled' } },
  cancel: {
    by: 'client',
    from: {
      awaitingAgentResponse: 'canceledByClient',
      assemblingOrder: 'canceledByClient',
      sentToClient: 'canceledByClient',
      offerSelected: 'canceledByClient',
      clarificationForOffer: 'canceledByClient',
    },
  },
};

/** Statuses of an item that no longer takes part in the order. */
export const INACTIVE_ITEM_STATUSES: readonly ItemStatus[] = ['canceledByClient', 'bookingCanceled'];

/** Statuses in which the item's offer is accepted: the service can no longer be removed from the order (spec §5). */
export const ACCEPTED_OFFER_STATUSES: readonly ItemStatus[] = [
  'acceptedByClient',
  'clarificationForBooking',
  'booked',
  'buyoutRequested',
  'bought',
  'cancellationInProgress',
];

/** Statuses in which an offer has been chosen: the consultant's offers are read-only (spec §4 admin offer editor). */
export const OFFER_CHOSEN_STATUSES: readonly ItemStatus[] = ['offerSelected', ...ACCEPTED_OFFER_STATUSES, 'bookingCanceled'];

/** Spec §9 offer-change rule: 1 = inform only, 2 = acceptance needed again. */
export type OfferChangeRule = 1 | 2;

/** Where a change to the chosen offer leads: acceptance needed again sends an accepted item back to the acceptors. */
export function changeOfferTarget(status: ItemStatus, rule: OfferChangeRule): ItemStatus | null {
  const to = ITEM_TRANSITIONS.changeOffer.from[status];
  if (to === undefined) return null;
  return status === 'acceptedByClient' && rule === 2 ? 'offerSelected' : to;
}

/** The roles the caller holds towards one item. */
export interface ItemActor {
  /** The orderer, a traveller of the order, or a holder of `travelOrder` in the company. */
  isClient: boolean;
  /** May change the order's services: its creator or a holder of `travelOrder` (spec §6). */
  canEdit: boolean;
  /** A travel-service acceptor of the order's company. */
  isAcceptor: boolean;
  /** A consultant in the provider's admin context holding the item type's `travelOrderResponse<Type>`. */
  isConsultantForType: boolean;
}

/** Why an action is refused, as a translation key. */
export type ItemRefusal = 'travelService.refused.status' | 'travelService.refused.notEntitled';

export type ItemTransitionResult = { allowed: true; to: ItemStatus } | { allowed: false; refusal: ItemRefusal };

function holdsRole(actor: ItemActor, action: ItemAction): boolean {
  if (action === 'edit' || action === 'cancel') return actor.canEdit;
  switch (ITEM_TRANSITIONS[action].by) {
    case 'client':
      return actor.isClient;
    case 'consultant':
      return actor.isConsultantForType;
    case 'acceptor':
      return actor.isAcceptor;
  }
}

/** The status the action leads the item to, or why it is refused (the status is checked first, then the role). */
export function decideItem(status: ItemStatus, action: ItemAction, actor: ItemActor, options: { offerChangeRule?: OfferChangeRule } = {}): ItemTransitionResult {
  const to = action === 'changeOffer' ? changeOfferTarget(status, options.offerChangeRule ?? 1) : ITEM_TRANSITIONS[action].from[status];
  if (to === undefined || to === null) return { allowed: false, refusal: 'travelService.refused.status' };
  if (!holdsRole(actor, action)) return { allowed: false, refusal: 'travelService.refused.notEntitled' };
  return { allowed: true, to };
}

/** Every action the caller may take on the item now. */
export function allowedItemActions(status: ItemStatus, actor: ItemActor): ItemAction[] {
  return ITEM_ACTIONS.filter((action) => decideItem(status, action, actor).allowed);
}

/**
 * The order's status from its items' statuses: the step of the least advanced active item, with
 * the states that wait for someone (a clarification, a cancellation) taking precedence. An order
 * whose every item was cancelled or rejected is `rejectedByClient`.
 */
export function deriveOrderStatus(statuses: readonly ItemStatus[]): TravelOrderStatus {
  const active = statuses.filter((status) => !INACTIVE_ITEM_STATUSES.includes(status));
  const has = (status: ItemStatus) => active.includes(status);
  if (active.length === 0) return 'rejectedByClient';
  if (has('cancellationInProgress')) return 'cancellationRequested';
  if (has('clarificationForOffer')) return 'awaitingInfoForOffer';
  if (has('clarificationForBooking')) return 'awaitingInfoForBooking';
  if (has('awaitingAgentResponse')) return active.some((status) => status !== 'awaitingAgentResponse') ? 'partlyCompleted' : 'new';
  if (has('assemblingOrder')) return 'partlyCompleted';
  if (has('sentToClient')) return 'sentForChoice';
  if (has('offerSelected')) return 'chosenSentForAcceptance';
  if (has('acceptedByClient')) return 'acceptedByClient';
  if (has('buyoutRequested')) return 'buyoutRequested';
  if (has('booked')) return 'booked';
  return 'bought';
}

/** After an answer: when nothing of the order awaits the consultants any more, the assembled items go to the client. */
export function readyToSendToClient(statuses: readonly ItemStatus[]): boolean {
  return statuses.includes('assemblingOrder') && !statuses.some((status) => status === 'awaitingAgentResponse' || status === 'clarificationForOffer');
}
