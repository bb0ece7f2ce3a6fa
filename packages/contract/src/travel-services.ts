import { z } from 'zod';
import {
  ITEM_ACTIONS,
  ITEM_STATUSES,
  TRAVEL_ITEM_TYPES,
  TRAVEL_ORDER_CONFIRMATIONS,
  TRAVEL_ORDER_STATUSES,
  TRAVEL_PARAMETER_TYPES,
  bookingFieldsSchema,
  offerInputSchema,
  offerPartSchema,
  offerRequirementsSchema,
  travelServiceOrderFormSchema,
  travellerDataSchema,
  PARAMS_SCHEMA_BY_TYPE,
  refineBooking,
} from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { boundedPageSchema, idBodySchema, listQuerySchema } from './paging.ts';
import { idSchema, localDateSchema, queryIdSchema } from './primitives.ts';

/**
 * Travel-service orders (spec §7 "Travel services"): the ordering side under `travel-service/`,
 * the provider's consultants under `admin/travel-service-admin/`. Places are ids of the shared
 * location list (`location/*`); item parameters are those of `@delego/domain` per type.
 */

const issueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TravelServiceIssue = z.infer<typeof issueSchema>;

/**
 * The item's transitions, and `addBooking`: the consultant of the item's type may add the booking
 * of a service bought outside the buyout while the item has none (not a status change).
 */
export const ITEM_DTO_ACTIONS = [...ITEM_ACTIONS, 'addBooking'] as const;
export type ItemDtoAction = (typeof ITEM_DTO_ACTIONS)[number];
const itemActionSchema = z.enum(ITEM_DTO_ACTIONS);
const personSchema = z.object({ id: z.number().int(), fullName: z.string() });

/** Spec §3 "Traveller": a company user as the order form offers them, with their cost centres. */
export const travellerOptionSchema = z.object({
  id: z.number().int(),
  company_user_id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  birth_date: z.string().nullable(),
  document_number: z.string(),
  defaultCostCentre: z.number().int().nullable(),
  costCentres: z.array(z.number().int()),
});
export type TravellerOption = z.infer<typeof travellerOptionSchema>;

/** An extra field of the company with its default and the order's value (spec §3 additional_parameters). */
export const orderParameterSchema = z.object({
  id: z.number().int(),
  name_pl: z.string(),
  name_en: z.string(),
  type: z.enum(TRAVEL_PARAMETER_TYPES),
  options: z.array(z.string()),
  is_required: z.boolean(),
  default_value: z.string().nullable(),
  value: z.string().nullable(),
});
export type OrderParameterDto = z.infer<typeof orderParameterSchema>;

/** A consultant's response to an item (spec §3 "Offer"). */
export const offerDtoSchema = z.object({
  id: z.number().int(),
  price: z.string(),
  currency: z.string(),
  parts: z.array(offerPartSchema),
  html: z.string(),
  requires: offerRequirementsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type OfferDto = z.infer<typeof offerDtoSchema>;

/** A person on a service, with the data given when choosing an offer. */
export const passengerDtoSchema = z.object({
  id: z.number().int(),
  company_user_id: z.number().int().nullable(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  birth_date: z.string().nullable(),
  document_number: z.string(),
  /** What the chosen offer required, as given by the traveller. */
  offer_data: travellerDataSchema,
});
export type PassengerDto = z.infer<typeof passengerDtoSchema>;

/** The booking of an item once the consultant booked it (`/travel-service/booked/{id}`). */
export const itemBookingSchema = z.object({
  reference: z.string(),
  booked_at: z.string(),
  bought_at: z.string().nullable(),
  /** The booking the bought item became in the bookings module. */
  booking_id: z.number().int().nullable(),
});

const itemDtoBase = z.object({
  id: z.number().int(),
  guid: z.string(),
  group_guid: z.string().nullable(),
  sequence: z.number().int(),
  /** The base item's sequence of a linked insurance. */
  related_sequence: z.number().int().nullable(),
  related_travel_service_order_item_guid: z.string().nullable(),
  status: z.enum(ITEM_STATUSES),
  comment: z.string(),
  cost_centre_id: z.number().int().nullable(),
  passengers: z.array(passengerDtoSchema),
  /** The consultants' offers: shown to the ordering side once sent to it. */
  responses: z.array(offerDtoSchema),
  selected_offer_id: z.number().int().nullable(),
  booking: itemBookingSchema.nullable(),
  /** The consultant's per-item reminder (`toggle-notification-for-order-item`). */
  notify: z.boolean(),
  /** Spec §9: arriving at the hotel after 18:00. */
  late_arrival_hint: z.boolean(),
  allowedActions: z.array(itemActionSchema),
});

/** An item with its status, offers and allowed actions; `params` are those of its type. */
export const orderItemDtoSchema = z.discriminatedUnion('type', [
  itemDtoBase.extend({ type: z.literal('hotel'), params: PARAMS_SCHEMA_BY_TYPE.hotel }),
  itemDtoBase.extend({ type: z.literal('flight'), params: PARAMS_SCHEMA_BY_TYPE.flight }),
  itemDtoBase.extend({ type: z.literal('flightLowCost'), params: PARAMS_SCHEMA_BY_TYPE.flightLowCost }),
  itemDtoBase.extend({ type: z.literal('rail'), params: PARAMS_SCHEMA_BY_TYPE.rail }),
  itemDtoBase.extend({ type: z.literal('car'), params: PARAMS_SCHEMA_BY_TYPE.car }),
  itemDtoBase.extend({ type: z.literal('insurance'), params: PARAMS_SCHEMA_BY_TYPE.insurance }),
  itemDtoBase.extend({ type: z.literal('other'), params: PARAMS_SCHEMA_BY_TYPE.other }),
]);
export type OrderItemDto = z.infer<typeof orderItemDtoSchema>;

export const orderEventSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int().nullable(),
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  user_name: z.string(),
  comment: z.string(),
  created_at: z.string(),
  /** A comment someone else wrote: a message to the caller (spec §9). */
  is_message: z.boolean(),
  /** A message the caller has not read yet. */
  unread: z.boolean(),
});

export const travelServiceOrderDtoSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  number: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  status: z.enum(TRAVEL_ORDER_STATUSES),
  user: personSchema,
  created_by: personSchema,
  created_at: z.string(),
  comment: z.string(),
  delegation_order_id: z.number().int().nullable(),
  delegation_order_number: z.string().nullable(),
  external_customer_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  additional_parameters: z.array(orderParameterSchema),
  travelServiceOrderItems: z.array(orderItemDtoSchema),
  /** The caller may change the order's services (its creator or a holder of travelOrder). */
  can_edit: z.boolean(),
  /** Every action the caller may take on some item of the order. */
  allowedActions: z.array(itemActionSchema),
  history: z.array(orderEventSchema),
  /** The messages in `history` the caller has not read. */
  unread_messages: z.number().int(),
  /** The order company's auto-read of messages: 1 disabled, 2 on mouse over, 3 on page load (spec §3). */
  message_auto_read: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export type TravelServiceOrderDto = z.infer<typeof travelServiceOrderDtoSchema>;

export const travelServiceOrderRowSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  number: z.string(),
  company_name: z.string(),
  status: z.enum(TRAVEL_ORDER_STATUSES),
  user: personSchema,
  created_by: personSchema,
  created_at: z.string(),
  types: z.array(z.enum(TRAVEL_ITEM_TYPES)),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  travellers: z.array(z.string()),
  can_edit: z.boolean(),
  allowedActions: z.array(itemActionSchema),
  /** Messages of the order the caller has not read (spec §9). */
  unread_messages: z.number().int(),
});
export type TravelServiceOrderRow = z.infer<typeof travelServiceOrderRowSchema>;

export const TRAVEL_ORDER_SORT = ['created_at', 'start_date', 'status', 'number'] as const;

const listFilters = {
  status: z.enum(TRAVEL_ORDER_STATUSES).optional(),
  type: z.enum(TRAVEL_ITEM_TYPES).optional(),
  /** A traveller among the company's users. */
  traveller_id: queryIdSchema.optional(),
  /** Orders with a service on or after this day. */
  date_from: localDateSchema.optional(),
  /** Orders with a service on or before this day. */
  date_to: localDateSchema.optional(),
  number: z.string().trim().max(50).optional(),
  /** The orders of one trip order (its travel_service_order_ids[]). */
  delegation_order_id: queryIdSchema.optional(),
};

export const travelServiceListQuerySchema = listQuerySchema(TRAVEL_ORDER_SORT, listFilters);
export const adminTravelServiceListQuerySchema = listQuerySchema(TRAVEL_ORDER_SORT, { ...listFilters, company_id: queryIdSchema.optional() });

/** A save refused by the rules: the issues at their fields (spec §8 'Formularz nie został zwalidowany'). */
export const travelOrderSaveErrorSchema = z.object({ status: z.literal('error'), issues: z.array(issueSchema), warnings: z.array(issueSchema) });
/** A save waiting for the user to confirm warnings that ask for it (spec §5); resend with `confirmed`. */
export const travelOrderConfirmSchema = z.object({ status: z.literal('confirm'), confirmations: z.array(issueSchema), warnings: z.array(issueSchema) });

const resultOk = z.object({
  status: z.literal('OK'),
  id: z.number().int(),
  /** Information for the user, e.g. 'travelService.insuranceUpdated'. */
  messages: z.array(issueSchema),
  warnings: z.array(issueSchema),
});

/**
 * A choice saved: the order's status it left, so the page can say whether the choice went to the
 * acceptors or, the orderer being one of them, was approved at once (spec §4).
 */
const chooseOk = resultOk.extend({ order_status: z.enum(TRAVEL_ORDER_STATUSES) });

/** Messages of one order marked read by the caller; answers how many stay unread. */
const markMessagesReadBody = z.strictObject({ order_id: idSchema, event_ids: z.array(idSchema).min(1).max(200) });
const markMessagesReadResponse = okResponseSchema.extend({ unread_messages: z.number().int() });

export const TRAVEL_CLIENT_ITEM_ACTIONS = ['provideInfo', 'requestBuyout', 'requestCancellation', 'cancel'] as const;
export const TRAVEL_CONSULTANT_ITEM_ACTIONS = ['askClient', 'book', 'buy', 'confirmCancellation'] as const;

export const itemActionResultSchema = z.object({
  status: z.literal('OK'),
  order_id: z.number().int(),
  order_status: z.enum(TRAVEL_ORDER_STATUSES),
  item_status: z.enum(ITEM_STATUSES),
  allowedActions: z.array(itemActionSchema),
});

export const travelServiceApi = {
  availableUsers: defineEndpoint({
    method: 'GET',
    path: '/travel-service/get-available-users',
    summary: 'Workers the user may order travel services for',
    response: z.array(travellerOptionSchema),
  }),
  availableCompanies: defineEndpoint({
    method: 'GET',
    path: '/travel-service/get-available-companies',
    summary: 'Companies the user may order travel services in',
    response: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  basicData: defineEndpoint({
    method: 'GET',
    path: '/travel-service/get-basic-data',
    summary: 'Choices of the order form: travellers, extra fields, contractors, cost centres and the travel settings',
    response: z.object({
      availableUsers: z.array(travellerOptionSchema),
      additionalParameters: z.array(orderParameterSchema),
      externalCustomers: z.array(z.object({ id: z.number().int(), name: z.string() })),
      costCentres: z.array(z.object({ id: z.number().int(), ordinate: z.string(), name: z.string() })),
      projects: z.array(z.object({ id: z.number().int(), name: z.string(), contractor_id: z.number().int().nullable() })),
      settings: z.object({
        insurance_behaviour: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        is_insurance_separated: z.union([z.literal(0), z.literal(1)]),
        offer_change_rule: z.union([z.literal(1), z.literal(2)]),
        message_auto_read: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        flight_is_return_route: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      }),
    }),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/travel-service/list',
    summary: 'Travel-service orders the user may see, with the actions allowed on each',
    query: travelServiceListQuerySchema,
    response: boundedPageSchema(travelServiceOrderRowSchema),
  }),
  getServiceOrder: defineEndpoint({
    method: 'GET',
    path: '/travel-service/get-service-order',
    summary: 'One travel-service order with its items, offers, history and allowed actions',
    query: z.strictObject({ id: queryIdSchema }),
    response: z.object({ travelServiceOrder: travelServiceOrderDtoSchema }),
  }),
  editServiceOrder: defineEndpoint({
    method: 'POST',
    path: '/travel-service/edit-service-order',
    summary: 'Create or change a travel-service order (one call per separated order)',
    body: travelServiceOrderFormSchema,
    response: z.union([resultOk, travelOrderSaveErrorSchema, travelOrderConfirmSchema]),
  }),
  chooseOffers: defineEndpoint({
    method: 'POST',
    path: '/travel-service/choose-offer',
    summary: 'Choose one offer per item with the traveller data each requires; sends the order for acceptance, or approves it when the orderer is an acceptor',
    body: z.strictObject({
      id: idSchema,
      version: idSchema.optional(),
      choices: z
        .array(
          z.strictObject({
            item_id: idSchema,
            offer_id: idSchema,
            /** Per passenger of the item (by passenger id), the data the offer requires. */
            travellers: z.array(z.strictObject({ passenger_id: idSchema, data: travellerDataSchema })).max(20),
          }),
        )
        .min(1)
        .max(30),
      confirmed: z.array(z.enum(TRAVEL_ORDER_CONFIRMATIONS)).max(TRAVEL_ORDER_CONFIRMATIONS.length),
    }),
    response: z.union([chooseOk, travelOrderSaveErrorSchema, travelOrderConfirmSchema]),
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/travel-service/approval',
    summary: "A travel-service acceptor's decision on the chosen offers of an order",
    body: z.strictObject({ id: idSchema, decision: z.enum(['accept', 'reject']), comment: z.string().max(2000).optional() }),
    response: itemActionResultSchema.omit({ item_status: true }),
  }),
  markMessagesRead: defineEndpoint({
    method: 'POST',
    path: '/travel-service/mark-messages-read',
    summary: "Mark messages of an order read for the caller (the company's auto-read setting decides when the page asks)",
    body: markMessagesReadBody,
    response: markMessagesReadResponse,
  }),
  itemAction: defineEndpoint({
    method: 'POST',
    path: '/travel-service/item-action',
    summary: 'An action of the ordering side on one item: clarification given, buyout or cancellation requested, cancelled',
    body: z.strictObject({ item_id: idSchema, action: z.enum(TRAVEL_CLIENT_ITEM_ACTIONS), comment: z.string().max(2000).optional() }),
    response: itemActionResultSchema,
  }),
} as const;

export const adminTravelServiceApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/travel-service-admin/list',
    summary: "Every company's travel-service orders, for the provider's consultants",
    query: adminTravelServiceListQuerySchema,
    response: boundedPageSchema(travelServiceOrderRowSchema),
  }),
  getServiceOrder: defineEndpoint({
    method: 'GET',
    path: '/admin/travel-service-admin/get-service-order',
    summary: 'One travel-service order of any company, as the consultant sees it',
    query: z.strictObject({ id: queryIdSchema }),
    response: z.object({ travelServiceOrder: travelServiceOrderDtoSchema }),
  }),
  getServiceOrderItem: defineEndpoint({
    method: 'GET',
    path: '/admin/travel-service-admin/get-service-order-item',
    summary: 'One item with its responses and the selected offer, for the offer editor',
    query: z.strictObject({ id: queryIdSchema }),
    response: z.object({
      orderItem: orderItemDtoSchema,
      order: z.object({ id: z.number().int(), number: z.string(), company_name: z.string(), status: z.enum(TRAVEL_ORDER_STATUSES), user: personSchema }),
      responses: z.array(offerDtoSchema),
      selected_offer: offerDtoSchema.nullable(),
      /** The caller answers this item's type and no offer is chosen yet. */
      editable: z.boolean(),
    }),
  }),
  saveOffers: defineEndpoint({
    method: 'POST',
    path: '/admin/travel-service-admin/save-offers',
    summary: "Save a consultant's responses to an item (a change of the chosen offer follows the offer-change rule)",
    body: z.strictObject({ item_id: idSchema, responses: z.array(offerInputSchema).min(1).max(10), comment: z.string().max(2000).optional() }),
    response: z.union([itemActionResultSchema, z.object({ status: z.literal('error'), issues: z.array(issueSchema), warnings: z.array(issueSchema) })]),
  }),
  itemAction: defineEndpoint({
    method: 'POST',
    path: '/admin/travel-service-admin/item-action',
    summary: "A consultant's action on one item: ask the client, book (with its reference), buy out, carry out a cancellation",
    body: z.strictObject({
      item_id: idSchema,
      action: z.enum(TRAVEL_CONSULTANT_ITEM_ACTIONS),
      /** The booking reference (PNR, reservation number) when booking. */
      reference: z.string().trim().max(100).optional(),
      comment: z.string().max(2000).optional(),
    }),
    response: itemActionResultSchema,
  }),
  addBooking: defineEndpoint({
    method: 'POST',
    path: '/admin/travel-service-admin/add-booking',
    summary: "The consultant's booking of an item bought outside the buyout, saved in the traveller's company and linked to the item",
    body: bookingFieldsSchema.extend({ item_id: idSchema }).superRefine(refineBooking),
    response: okResponseSchema.extend({ booking_id: z.number().int(), order_id: z.number().int() }),
  }),
  markMessagesRead: defineEndpoint({
    method: 'POST',
    path: '/admin/travel-service-admin/mark-messages-read',
    summary: "Mark messages of any company's order read for the consultant",
    body: markMessagesReadBody,
    response: markMessagesReadResponse,
  }),
  toggleNotification: defineEndpoint({
    method: 'POST',
    path: '/admin/travel-service-admin/toggle-notification-for-order-item',
    summary: "Switch the consultant's reminder for one item on or off",
    body: idBodySchema,
    response: okResponseSchema.extend({ notify: z.boolean() }),
  }),
} as const;
