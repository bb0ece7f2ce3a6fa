import { z } from 'zod';
import { addDaysToLocalDate, isLocalDate, localDateOfMillis, parseLocalDateTimeToMillis } from '../common/dates.ts';
import { isKnownCurrency } from '../common/currencies.ts';
import { documentDateRangeIssue } from '../common/document-dates.ts';
import type { Issue } from '../common/errors.ts';
import { dec, parseDecimal, roundMoney } from '../common/money.ts';
import { calculateSettlement, type SettlementContext } from '../settlement/calculate-settlement.ts';
import { ADVANCE_PAYMENT_TYPES, ADVANCE_STATUSES, TRANSPORT_TYPES, parseDelegationForm, type DelegationFormInput } from '../settlement/delegation-form.ts';
import { isCountryCode } from '../settlement/rates/country-codes.ts';
import { MAX_LINE_AMOUNT } from '../settlement/validate-settlement.ts';
import type { RateBook } from '../settlement/rates/rate-book.ts';
import { DOMESTIC_COUNTRY_CODE, SETTLEMENT_CURRENCY } from '../settlement/rates/statutory-rates.ts';

/**
 * The trip order (polecenie wyjazdu, spec §3 "Delegation order") as the form edits it and
 * `POST delegation-order/save-standard` takes it, with the rules of spec §5 "Order (delegation)".
 * Dates are `YYYY-MM-DD HH:mm` Warsaw wall time; amounts decimal strings.
 */

/** Spec §9: at most 5 destinations. */
export const MAX_ORDER_DESTINATIONS = 5;
/** Spec §9: descriptions have at least 10 characters. */
export const MIN_ORDER_DESCRIPTION_LENGTH = 10;
/** The purpose chosen when no trip reason of the company fits (spec §5 "purpose 'other'"). */
export const OTHER_PURPOSE = 'other';

const nullableText = (max: number) => z.string().max(max).nullable();
const nullableId = z.number().int().positive().nullable();

export const orderDestinationSchema = z.strictObject({
  place_text: z.string().max(200),
  country_code: z.string().max(2),
});
export type OrderDestination = z.infer<typeof orderDestinationSchema>;

export const orderAdvanceSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  amount_in_currency: z.string().max(32),
  currency: z.string().max(3),
  payment_type: z.enum(ADVANCE_PAYMENT_TYPES).or(z.literal('')),
  payment_date: nullableText(10),
  comment: z.string().max(1000),
});
export type OrderAdvanceInput = z.infer<typeof orderAdvanceSchema>;

export const delegationOrderFormSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  /** The version loaded; a newer one on the server answers 409. */
  version: z.number().int().positive().optional(),
  /** The employee who travels ('choose worker' when none). */
  user_id: nullableId,
  cost_centre_id: nullableId,
  /** A trip reason of the company, `'other'`, or null when none is chosen. */
  task_id: z.union([z.number().int().positive(), z.literal(OTHER_PURPOSE)]).nullable(),
  /** The purpose's description; required (min. 10) for 'other' and for reasons that demand a comment. */
  task: nullableText(1000),
  /** Detailed description of the purpose (min. 10 when given). */
  add_description: nullableText(2000),
  destinations: z.array(orderDestinationSchema).max(20),
  destinationText: nullableText(1000),
  start_place_text: nullableText(200),
  end_place_text: nullableText(200),
  start_date: nullableText(16),
  end_date: nullableText(16),
  allowed_transport: z.array(z.enum(TRANSPORT_TYPES)).max(TRANSPORT_TYPES.length),
  allowed_transport_cost: nullableText(32),
  settlement_deadline: nullableText(10),
  project_id: nullableId,
  external_customer_id: nullableId,
  /** A number typed by hand (`manual`) or the edited proposal (`autoEditable`). */
  custom_number: nullableText(100),
  advances: z.array(orderAdvanceSchema).max(20),
});
export type DelegationOrderForm = z.infer<typeof delegationOrderFormSchema>;

/** An empty order for the form. */
export function emptyDelegationOrderForm(userId: number | null): DelegationOrderForm {
  return {
    user_id: userId,
    cost_centre_id: null,
    task_id: null,
    task: null,
    add_description: null,
    destinations: [{ place_text: '', country_code: DOMESTIC_COUNTRY_CODE }],
    destinationText: null,
    start_place_text: null,
    end_place_text: null,
    start_date: null,
    end_date: null,
    allowed_transport: [],
    allowed_transport_cost: null,
    settlement_deadline: null,
    project_id: null,
    external_customer_id: null,
    custom_number: null,
    advances: [],
  };
}

export interface OrderValidationOptions {
  /** The company's `multiple_advances` setting. */
  multipleAdvances: boolean;
  /** The chosen trip reason demands a comment of at least 10 characters. */
  taskRequiresComment?: boolean;
  /** Today's Warsaw day; when given, trip dates before 2000 or more than two years ahead are refused. */
  today?: string;
}

const blank = (text: string | null | undefined): boolean => text === null || text === undefined || text.trim() === '';
const shorterThanMinimum = (text: string | null | undefined): boolean => !blank(text) && text!.trim().length < MIN_ORDER_DESCRIPTION_LENGTH;

/**
 * Spec §5 "Order (delegation)". Issue codes: `delegationOrder.chooseWorker`, `global.error.required`,
 * `validation.minLength10`, `validation.dateTime`, `delegationOrder.startAfterEnd`, `delegationOrder.endBeforeStart`,
 * `delegationOrder.tooManyDestinations`, `validation.country`, `delegationOrder.estimatePlaces`,
 * `validation.amount`, `delegationOrder.advanceAmountPositive`, `validation.currency`, `validation.unknownCurrency`,
 * `validation.dateTooEarly`, `validation.dateTooLate`,
 * `delegationOrder.advanceAfterEnd`, `delegationOrder.singleAdvance`, `validation.date`.
 */
export function validateDelegationOrder(form: DelegationOrderForm, options: OrderValidationOptions): Issue[] {
  const issues: Issue[] = [];
  const required = (path: Issue['path']) => issues.push({ path, code: 'global.error.required' });

  if (form.user_id === null) issues.push({ path: ['user_id'], code: 'delegationOrder.chooseWorker' });

  const start = blank(form.start_date) ? null : parseLocalDateTimeToMillis(form.start_date!);
  const end = blank(form.end_date) ? null : parseLocalDateTimeToMillis(form.end_date!);
  if (blank(form.start_date)) required(['start_date']);
  else if (start === null) issues.push({ path: ['start_date'], code: 'validation.dateTime' });
  if (blank(form.end_date)) required(['end_date']);
  else if (end === null) issues.push({ path: ['end_date'], code: 'validation.dateTime' });
  if (options.today !== undefined) {
    const today = options.today;
    const checkWindow = (field: 'start_date' | 'end_date', instant: number | null) => {
      const issue = instant === null ? null : documentDateRangeIssue(localDateOfMillis(instant), today);
      if (issue) issues.push({ path: [field], code: issue });
    };
    checkWindow('start_date', start);
    checkWindow('end_date', end);
  }
  if (start !== null && end !== null && start >= end) {
    issues.push({ path: ['start_date'], code: 'delegationOrder.startAfterEnd' });
    issues.push({ path: ['end_date'], code: 'delegationOrder.endBeforeStart' });
  }

  if (form.task_id === null) required(['task_id']);
  const needsDescription = form.task_id === OTHER_PURPOSE || options.taskRequiresComment === true;
  if (needsDescription && blank(form.task)) required(['task']);
  else if ((needsDescription || !blank(form.task)) && shorterThanMinimum(form.task)) issues.push({ path: ['task'], code: 'validation.minLength10' });
  if (shorterThanMinimum(form.add_description)) issues.push({ path: ['add_description'], code: 'validation.minLength10' });

  const destinations = form.destinations.filter((destination) => !blank(destination.place_text) || !blank(destination.country_code));
  if (destinations.length === 0) required(['destinations']);
  if (form.destinations.length > MAX_ORDER_DESTINATIONS) issues.push({ path: ['destinations'], code: 'delegationOrder.tooManyDestinations', params: { max: MAX_ORDER_DESTINATIONS } });
  form.destinations.forEach((destination, index) => {
    if (blank(destination.place_text)) required(['destinations', index, 'place_text']);
    if (blank(destination.country_code)) required(['destinations', index, 'country_code']);
    else if (!isCountryCode(destination.country_code.toUpperCase())) issues.push({ path: ['destinations', index, 'country_code'], code: 'validation.country' });
  });

  // The cost estimate counts the journey from and back to these places (spec §5 "an estimate needs start and end places").
  if (blank(form.start_place_text)) issues.push({ path: ['start_place_text'], code: 'delegationOrder.estimatePlaces' });
  if (blank(form.end_place_text)) issues.push({ path: ['end_place_text'], code: 'delegationOrder.estimatePlaces' });

  if (!blank(form.allowed_transport_cost)) {
    const cost = parseDecimal(form.allowed_transport_cost);
    if (cost === null || cost.isNegative()) issues.push({ path: ['allowed_transport_cost'], code: 'validation.amount' });
  }
  if (!blank(form.settlement_deadline) && !isLocalDate(form.settlement_deadline!)) issues.push({ path: ['settlement_deadline'], code: 'validation.date' });

  issues.push(...validateOrderAdvances(form.advances, { endDate: end === null ? null : localDateOfMillis(end), multipleAdvances: options.multipleAdvances }));
  return issues;
}

/**
 * Spec §5 advances: amount above zero, a currency, a payment type, the payment date not after the
 * trip's end ('advance payment after delegation end'), several only when the company allows it.
 * `prefix` places the issues inside another body (the advances screen uses `[]`).
 */
export function validateOrderAdvances(
  advances: readonly OrderAdvanceInput[],
  options: { endDate: string | null; multipleAdvances: boolean; prefix?: Issue['path'] },
): Issue[] {
  const issues: Issue[] = [];
  const prefix = options.prefix ?? ['advances'];
  if (advances.length > 1 && !options.multipleAdvances) issues.push({ path: prefix.length > 0 ? prefix : ['advances'], code: 'delegationOrder.singleAdvance' });
  advances.forEach((advance, index) => {
    const at = (field: string): Issue['path'] => [...prefix, ...(prefix.length > 0 ? [index] : []), field];
    const amount = parseDecimal(advance.amount_in_currency);
    if (blank(advance.amount_in_currency)) issues.push({ path: at('amount_in_currency'), code: 'global.error.required' });
    else if (amount === null) issues.push({ path: at('amount_in_currency'), code: 'validation.amount' });
    else if (!amount.greaterThan(0)) issues.push({ path: at('amount_in_currency'), code: 'delegationOrder.advanceAmountPositive' });
    else if (amount.greaterThan(MAX_LINE_AMOUNT)) issues.push({ path: at('amount_in_currency'), code: 'validation.valueOutOfRange' });
    if (blank(advance.currency)) issues.push({ path: at('currency'), code: 'global.error.required' });
    else if (!/^[A-Z]{3}$/.test(advance.currency)) issues.push({ path: at('currency'), code: 'validation.currency' });
    else if (!isKnownCurrency(advance.currency)) issues.push({ path: at('currency'), code: 'validation.unknownCurrency' });
    if (advance.payment_type === '') issues.push({ path: at('payment_type'), code: 'global.error.required' });
    if (!blank(advance.payment_date)) {
      if (!isLocalDate(advance.payment_date!)) issues.push({ path: at('payment_date'), code: 'validation.date' });
      else if (options.endDate !== null && advance.payment_date! > options.endDate) issues.push({ path: at('payment_date'), code: 'delegationOrder.advanceAfterEnd' });
    }
  });
  return issues;
}

export const ORDER_ADVANCE_STATUSES = ADVANCE_STATUSES;

/** One line of the order's cost estimate. */
export interface OrderEstimateLine {
  kind: 'perDiem' | 'lodging' | 'transport';
  amount: string;
  currency: string;
  /** Null when no exchange rate for the currency was available. */
  amount_pln: string | null;
  /** Lodging: nights × hotel limit. */
  nights?: number;
  limit?: string;
  /** Per diem: the rate per doba. */
  rate?: string;
}

/** The cost estimate stored with the order (spec §2 "Order form with a cost estimate"). */
export interface OrderEstimate {
  country_code: string;
  lines: OrderEstimateLine[];
  /** Null when a line could not be converted to PLN. */
  total_pln: string | null;
  issues: Issue[];
}

/** The country the estimate counts the trip in: the first foreign destination, else Poland. */
function estimateCountryOf(form: Pick<DelegationOrderForm, 'destinations'>): string {
  const foreign = form.destinations.map((destination) => destination.country_code.toUpperCase()).find((code) => code && code !== DOMESTIC_COUNTRY_CODE && isCountryCode(code));
  return foreign ?? DOMESTIC_COUNTRY_CODE;
}

/**
 * The settlement form the estimate's per diem is calculated from. The order does not know the
 * border times, so the whole trip counts in the estimate's country.
 */
export function orderEstimateForm(form: DelegationOrderForm): DelegationFormInput {
  const country = estimateCountryOf(form);
  return {
    user_id: form.user_id,
    start_date: form.start_date,
    end_date: form.end_date,
    country: [{ country_code: country, in_date: form.start_date, out_date: form.end_date }],
    transport: [],
    other: [],
    advances: [],
  };
}

/** Nights between the departure day and the return day. */
function nightsOf(start: string, end: string): number {
  let nights = 0;
  for (let day = start; day < end && nights < 400; day = addDaysToLocalDate(day, 1)) nights++;
  return nights;
}

/**
 * The order's cost estimate with the settlement engine: per diems for the trip, lodging as nights ×
 * the hotel limit, transport as the transport cost limit. `context` carries the rate book loaded
 * for `orderEstimateForm(form)`.
 */
export function estimateOrderCost(form: DelegationOrderForm, context: SettlementContext & { rateBook: RateBook }): OrderEstimate {
  const country = estimateCountryOf(form);
  const issues: Issue[] = [];
  const lines: OrderEstimateLine[] = [];
  const start = form.start_date ? parseLocalDateTimeToMillis(form.start_date) : null;
  const end = form.end_date ? parseLocalDateTimeToMillis(form.end_date) : null;
  if (start !== null && end !== null && start < end) {
    const parsed = parseDelegationForm(orderEstimateForm(form));
    if (parsed.delegation) {
      const result = calculateSettlement(parsed.delegation, context);
      const part = result.calculated.singleCountryCost[0];
      if (part) {
        const pln = result.issues.some((issue) => issue.code.toLowerCase().includes('exchangerate')) ? null : part.lines.diet.amount_pln;
        lines.push({ kind: 'perDiem', amount: part.diet_amount, currency: part.currency, amount_pln: pln, rate: part.delegation_rate });
        const rate = context.rateBook.perDiemRate(country, null, localDateOfMillis(start));
        if (rate) {
          const nights = nightsOf(localDateOfMillis(start), localDateOfMillis(end));
          const amount = roundMoney(dec(rate.hotel_limit).times(nights));
          const exchange = rate.currency === SETTLEMENT_CURRENCY ? '1' : (part.exchange_rate?.rate ?? null);
          lines.push({
            kind: 'lodging',
            amount: amount.toFixed(2),
            currency: rate.currency,
            amount_pln: exchange === null ? null : roundMoney(amount.times(exchange)).toFixed(2),
            nights,
            limit: dec(rate.hotel_limit).toFixed(2),
          });
        }
      }
      issues.push(...result.issues);
    }
  }
  const transport = parseDecimal(form.allowed_transport_cost);
  if (transport !== null && !transport.isNegative()) {
    lines.push({ kind: 'transport', amount: roundMoney(transport).toFixed(2), currency: SETTLEMENT_CURRENCY, amount_pln: roundMoney(transport).toFixed(2) });
  }
  const total = lines.some((line) => line.amount_pln === null) || lines.length === 0 ? null : roundMoney(lines.reduce((sum, line) => sum.plus(line.amount_pln!), dec(0))).toFixed(2);
  return { country_code: country, lines, total_pln: total, issues };
}
