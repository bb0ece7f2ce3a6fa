import {
  ACCOMMODATION_SETTLEMENT_TYPES,
  ADVANCE_PAYMENT_TYPES,
  ADVANCE_STATUSES,
  OTHER_COST_PAYMENT_TYPES,
  OTHER_COST_TYPES,
  TRANSPORT_SETTLEMENT_TYPES,
  TRANSPORT_TYPES,
  TRANSFER_DIRECTIONS,
  type DelegationFormInput,
} from '@delego/domain';
import {
  newAccommodation,
  newAdvance,
  newCountryPart,
  newOtherCost,
  newTransportSegment,
  type SettlementFormValues,
  type SettlementMeta,
} from './form-values.ts';

/**
 * The way back from the stored form (spec field names, as `delegation-edit` and
 * `delegation-order-import` give it) to what the screen edits: every value a string or a flag.
 */

type Choice<T extends string> = T | '';

function choiceOf<T extends string>(values: readonly T[], value: unknown): Choice<T> {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : '';
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

function idOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

/** Engine dates are `YYYY-MM-DD HH:mm`; the date-only fields keep their day. */
function dayOf(value: unknown): string {
  const day = text(value);
  return day.length > 10 ? day.slice(0, 10) : day;
}

/** An empty `meta` for a settlement: the fields the steps do not edit. */
export function emptyMeta(): SettlementMeta {
  return {
    id: null,
    user_id: null,
    employee_name: null,
    delegation_order_id: null,
    delegation_order_number: null,
    allowed_transport: [],
    cost_centre_id: '',
    project_id: '',
    optima_category_code: '',
    task_id: null,
    external_customer_id: null,
    settlement_date: null,
    destination: [],
    files: [],
    bookings: [],
  };
}

/** A stored form as the screen's values, with the settlement's own fields in `meta`. */
export function fromDelegationForm(form: DelegationFormInput, meta: Partial<SettlementMeta> = {}): SettlementFormValues {
  const fileIds = (form.file ?? []).map(idOf).filter((id): id is number => id !== null);
  return {
    meta: {
      ...emptyMeta(),
      id: idOf(form.id),
      user_id: idOf(form.user_id),
      delegation_order_id: idOf(form.delegation_order_id),
      delegation_order_number: form.delegation_order_number ?? null,
      cost_centre_id: idOf(form.cost_centre_id)?.toString() ?? '',
      project_id: idOf(form.project_id)?.toString() ?? '',
      optima_category_code: form.optima_category_code ?? '',
      task_id: idOf(form.task_id),
      external_customer_id: idOf(form.external_customer_id),
      settlement_date: form.settlement_date ?? null,
      destination: (form.destination ?? []).map((item) => (typeof item === 'object' && item !== null ? text(item.text) : text(item))).filter(Boolean),
      files: fileIds,
      bookings: (form.booking ?? []).flatMap((entry) => {
        const bookingId = idOf(entry.booking_id);
        return bookingId === null ? [] : [{ booking_id: bookingId, label: text(entry.label) }];
      }),
      ...meta,
    },
    start_date: text(form.start_date),
    end_date: text(form.end_date),
    destinationText: text(form.destinationText),
    task: text(form.task),
    transport: (form.transport ?? []).map((segment) => ({
      ...newTransportSegment(),
      transport_type: choiceOf(TRANSPORT_TYPES, segment.transport_type),
      settlement_type_id: choiceOf(TRANSPORT_SETTLEMENT_TYPES, segment.settlement_type_id),
      from_place_text: text(segment.from_place_text),
      to_place_text: text(segment.to_place_text),
      start_date: text(segment.start_date),
      end_date: text(segment.end_date),
      amount_in_currency: text(segment.amount_in_currency),
      currency: text(segment.currency) || 'PLN',
      distance: text(segment.distance),
      comment: text(segment.comment),
      vehicle_id: text(segment.vehicle_id),
      file_id: idOf(segment.file_id),
      booking_id: idOf(segment.booking_id),
      booking_ticket: text(segment.booking_ticket),
    })),
    country: (form.country ?? []).map((part) => ({
      ...newCountryPart(text(part.country_code), text(part.in_date)),
      region: text(part.region),
      out_date: text(part.out_date),
      meals_per_doba: (part.meals_per_doba ?? []).map((meals) => ({ breakfast: meals.breakfast === true, lunch: meals.lunch === true, dinner: meals.dinner === true })),
      full_board: part.full_board === true,
      hospital: part.hospital === true,
      local_transport_lump_sum: part.local_transport_lump_sum === true,
      transfer_lump_sums: (part.transfer_lump_sums ?? []).map((transfer) => ({
        city: transfer.city,
        direction: choiceOf(TRANSFER_DIRECTIONS, transfer.direction) || 'both',
      })),
      accommodation: (part.accommodation ?? []).map((entry) => ({
        ...newAccommodation(),
        settlement_type_id: choiceOf(ACCOMMODATION_SETTLEMENT_TYPES, entry.settlement_type_id),
        start_date: text(entry.start_date),
        end_date: text(entry.end_date),
        amount_in_currency: text(entry.amount_in_currency),
        currency: text(entry.currency) || 'PLN',
        comment: text(entry.comment),
        acceptor_consent_over_limit: entry.acceptor_consent_over_limit === true,
        file_id: idOf(entry.file_id),
        booking_id: idOf(entry.booking_id),
        booking_text: text(entry.booking_text),
      })),
    })),
    other: (form.other ?? []).map((cost) => ({
      ...newOtherCost(),
      type_id: choiceOf(OTHER_COST_TYPES, cost.type_id),
      payment_type_id: choiceOf(OTHER_COST_PAYMENT_TYPES, cost.payment_type_id),
      amount_in_currency: text(cost.amount_in_currency),
      currency: text(cost.currency) || 'PLN',
      bill_number: text(cost.bill_number),
      bill_date: dayOf(cost.bill_date),
      bill_description: text(cost.bill_description),
      file_id: idOf(cost.file_id),
    })),
    advances: (form.advances ?? []).map((advance) => ({
      ...newAdvance(),
      id: idOf(advance.id),
      amount_in_currency: text(advance.amount_in_currency),
      currency: text(advance.currency) || 'PLN',
      payment_type: choiceOf(ADVANCE_PAYMENT_TYPES, advance.payment_type),
      payment_date: dayOf(advance.payment_date),
      status: choiceOf(ADVANCE_STATUSES, advance.status) || 'unknown',
      comment: text(advance.comment),
      files: (advance.files ?? []).map(idOf).filter((id): id is number => id !== null),
    })),
  };
}
