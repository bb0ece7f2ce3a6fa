import { isLocalDate } from '../common/dates.ts';
import type { Issue } from '../common/errors.ts';
import { Dec, dec, MoneyTotal, roundMoney } from '../common/money.ts';
import type { SystemSettings } from '../settings/system-settings.ts';
import { valueAccommodation, type AccommodationLineKind, type AccommodationValue } from './accommodation.ts';
import {
  valueAdvance,
  valueOtherCost,
  valueTransport,
  type CostValue,
  type TransportLineKind,
} from './costs.ts';
import {
  createCurrencyLedger,
  type Conversion,
  type ConvertedAmount,
  type CurrencyBalance,
  type ExchangeRateDateRule,
  type ExchangeRateUsed,
  type LedgerAdvance,
  type LedgerEntry,
} from './currency-ledger.ts';
import type { CountryPart, DelegationForm } from './delegation-form.ts';
import { explain, PARAGRAPH, type Explanation } from './explanation.ts';
import {
  calculateUnit,
  type DobaMeals,
  type DobaValue,
  type PerDiemSpan,
  type PerDiemUnit,
  type TripKind,
} from './per-diem.ts';
import type { MileageRate, PerDiemRate, RateBook } from './rates/rate-book.ts';
import { DOMESTIC_COUNTRY_CODE, SETTLEMENT_CURRENCY } from './rates/statutory-rates.ts';
import {
  DOBA_MS,
  hoursAndMinutes,
  localDateOf,
  mergeIntervals,
  overlaps,
  parseInterval,
  type Interval,
} from './trip-time.ts';

/** The company settings the calculation follows (spec §4/§9 system settings). */
export type SettlementPolicy = Pick<
  SystemSettings,
  'domestic_parts_of_foreign_trip' | 'exchange_rate_date_rule' | 'hotel_limit_excess'
>;

/** Everything `calculateSettlement` needs besides the form. */
export interface SettlementContext {
  rateBook: RateBook;
  policy: SettlementPolicy;
  /** The day of the settlement, `YYYY-MM-DD`: the default exchange-rate rule looks at the table before it. */
  settlementDate: string;
}

/** An amount of the settlement with its explanation and, for a foreign currency, its conversions to PLN. */
export interface CalculatedLine {
  /** Due to the employee, in `currency`, two decimals. */
  amount: string;
  currency: string;
  amount_pln: string;
  explanation: Explanation;
  /** The steps behind the amount (per doba, per meal, per night, the rate applied…). */
  details: Explanation[];
  conversions: Conversion[];
}

/** An accommodation entry of a country part. */
export interface AccommodationLine extends CalculatedLine {
  kind: AccommodationLineKind;
  nights: number;
  /** The hotel limit of the bill's nights, in the bill's currency (null for a lump sum). */
  limit: string | null;
  /** The bill is above the limit: refunded above it only with the acceptor's consent. */
  overLimit: boolean;
  /** The part of the bill above the limit, reported apart. */
  excess: string;
  /** Whether the excess is in `amount`. */
  excess_included: boolean;
}

/** A transport segment: a ticket, the mileage of a private vehicle, or nothing due. */
export interface TransportLine extends CalculatedLine {
  kind: TransportLineKind;
  mileage_rate: MileageRate | null;
}

/** An advance: `counted` when it reduces the balance. */
export interface AdvanceLine extends CalculatedLine {
  counted: boolean;
}

/** The cost of one country part (spec §7 `singleCountryCost`), aligned with `country[]`. */
export interface SingleCountryCost {
  country_code: string;
  region: string | null;
  /** The currency of the part's per-diem rate; `total_in_currency` adds the lines in this currency. */
  currency: string;
  /** The per diem per doba in force when the part begins. */
  delegation_rate: string;
  rate: PerDiemRate | null;
  diet_amount: string;
  /** Accommodation bills due (lines in the part's currency). */
  accommodation_amount: string;
  lump_sums: { accommodation: string; local_transport: string; transfers: string };
  total_in_currency: string;
  /** Every line of the part in PLN, whatever its currency. */
  total_pln: string;
  /** The table that converted the per diem (or the part's first converted line). */
  exchange_rate: ExchangeRateUsed | null;
  lines: {
    diet: CalculatedLine;
    accommodation: AccommodationLine[];
    local_transport: CalculatedLine;
    transfers: CalculatedLine[];
  };
}

/** The `calculated` answer of `form-field-changed` (spec §7). All amounts are decimal strings with two decimals. */
export interface CalculatedSettlement {
  singleCountryCost: SingleCountryCost[];
  /** Aligned with `transport[]`. */
  transport: TransportLine[];
  /** Aligned with `other[]`. */
  other: CalculatedLine[];
  /** Aligned with `advances[]`. */
  advances: AdvanceLine[];
  /** Tickets and other transport costs; mileage is apart, in `mileage_total_pln`. */
  transport_total_pln: string;
  mileage_total_pln: string;
  other_total_pln: string;
  /** Country parts + transport + mileage + other costs. */
  total_pln: string;
  advances_total_pln: string;
  /** total_pln − advances_total_pln: positive, the company pays out; negative, the employee returns. */
  balance_pln: string;
  balances_by_currency: CurrencyBalance[];
  settlement_date: string;
  exchange_rate_rule: ExchangeRateDateRule;
}

/** The result: the calculation, and the problems that kept an amount from being calculated. */
export interface SettlementCalculation {
  calculated: CalculatedSettlement;
  issues: Issue[];
}

const CAR_TRANSPORT_TYPES = new Set(['car', 'carRental']);
const COUNT_PATTERN = /^\d{1,3}$/;

/** A non-negative meal count; anything else counts as none (validation reports it). */
function countOf(text: string | null): number {
  return text !== null && COUNT_PATTERN.test(text) ? Number(text) : 0;
}

/**
 * The meals of each own doba of a part: `meals_per_doba` when given; otherwise the counts, placed
 * one meal of each kind per doba from the first doba on.
 */
function mealsOfPart(part: CountryPart, interval: Interval): DobaMeals[] {
  const windows = Math.ceil((interval.end - interval.start) / DOBA_MS);
  const perDoba = part.meals_per_doba ?? [];
  const counts = {
    breakfast: countOf(part.breakfast_count),
    lunch: countOf(part.lunch_count),
    dinner: countOf(part.dinner_count),
  };
  // A loop, not Array.from with a callback (a slow generic path in V8; docs/performance.md, "The engine").
  const meals: DobaMeals[] = [];
  const fromCounts = perDoba.length === 0;
  for (let window = 0; window < windows; window += 1) {
    const given = perDoba[window];
    meals.push({
      breakfast: (fromCounts ? window < counts.breakfast : given?.breakfast === true) ? 1 : 0,
      lunch: (fromCounts ? window < counts.lunch : given?.lunch === true) ? 1 : 0,
      dinner: (fromCounts ? window < counts.dinner : given?.dinner === true) ? 1 : 0,
      fullBoard: part.full_board === true || given?.full_board === true,
      hospital: part.hospital === true || given?.hospital === true,
    });
  }
  return meals;
}

interface PartPlan {
  index: number;
  part: CountryPart;
  kind: TripKind;
  countryCode: string;
  region: string | null;
  interval: Interval;
  /** The Warsaw days the part begins and ends on, read once: its rates, tables and cost days follow them. */
  firstDay: string;
  lastDay: string;
  /** Index of a car segment at the place, which excludes the transport lump sums (§ 9 ust. 2, § 17 ust. 4). */
  carSegment: number | null;
}

/** A part as the per-diem calculation sees it. */
function spanOf(plan: PartPlan): PerDiemSpan {
  return {
    partIndex: plan.index,
    countryCode: plan.countryCode,
    region: plan.region,
    interval: plan.interval,
    meals: mealsOfPart(plan.part, plan.interval),
    localTransport: plan.part.local_transport_lump_sum === true && plan.carSegment === null,
  };
}

/** Groups the parts into the units settled as one trip (see `PerDiemUnit`). */
function unitsOf(
  plans: readonly PartPlan[],
  policy: SettlementPolicy,
): { unit: PerDiemUnit; parts: number[] }[] {
  const foreign = plans.filter((plan) => plan.kind === 'foreign');
  const domestic = plans
    .filter((plan) => plan.kind === 'domestic')
    .sort((a, b) => a.interval.start - b.interval.start);
  const domesticGroups =
    foreign.length > 0 && policy.domestic_parts_of_foreign_trip === 'separate'
      ? domestic.map((plan) => [plan])
      : domestic.length > 0
        ? [domestic]
        : [];
  return [
    ...domesticGroups.map((group) => ({
      unit: { kind: 'domestic' as const, spans: group.map(spanOf) },
      parts: group.map((plan) => plan.index),
    })),
    ...foreign.map((plan) => ({
      unit: { kind: 'foreign' as const, spans: [spanOf(plan)] },
      parts: [plan.index],
    })),
  ];
}

/** The headline explanation of a part's per diem: how long the unit lasted and which rule applies. */
function dietExplanation(
  kind: TripKind,
  unitParts: readonly number[],
  unitMs: number,
  dobas: readonly DobaValue[],
): Explanation {
  const fullDobas = Math.floor(unitMs / DOBA_MS);
  const remainder = hoursAndMinutes(unitMs - fullDobas * DOBA_MS);
  const last = dobas[dobas.length - 1];
  // The share of the rate the started, incomplete doba earns ('none' when the trip ends on a full doba).
  const partialDoba = unitMs > fullDobas * DOBA_MS ? (last?.fraction.text ?? 'none') : 'none';
  const { hours, minutes } = remainder;
  if (kind === 'foreign') {
    return explain('calc.perDiem.foreign', {
      count: fullDobas,
      hours,
      minutes,
      partial_doba: partialDoba,
      timeParagraph: PARAGRAPH.foreignTime,
      paragraph: PARAGRAPH.foreignPerDiem,
    });
  }
  if (unitParts.length > 1) {
    return explain('calc.perDiem.domesticSummed', {
      count: fullDobas,
      hours,
      minutes,
      parts: unitParts.map((index) => index + 1).join(', '),
      paragraph: PARAGRAPH.domesticPartsOfForeignTrip,
    });
  }
  if (unitMs <= DOBA_MS) {
    const total = hoursAndMinutes(unitMs);
    const rule = last?.fraction.text === '1' ? 'Full' : last?.fraction.text === '1/2' ? 'Half' : 'None';
    return explain(`calc.perDiem.domesticShort${rule}`, {
      hours: total.hours,
      minutes: total.minutes,
      paragraph: last?.fraction.paragraph ?? '',
    });
  }
  return explain('calc.perDiem.domesticLong', {
    count: fullDobas,
    hours,
    minutes,
    partial_doba: partialDoba,
    paragraph: PARAGRAPH.domesticFullDoba,
  });
}

/**
 * A line of the answer with its amounts as decimals: the totals add these rather than parse the
 * lines' texts back (docs/performance.md, "The engine"). `amount` is the line's amount rounded to
 * grosze, so it is the decimal of the line's `amount` text; `pln` likewise of `amount_pln`.
 */
interface TrackedLine<L extends CalculatedLine = CalculatedLine> {
  line: L;
  amount: Dec;
  pln: Dec;
}

/** A line waiting for its conversion to PLN: built and placed in the answer already, its PLN amount still zero. */
interface PendingLine {
  value: CostValue;
  tracked: TrackedLine;
}

/** A country part's answer and the decimals of its lines, which `finishCountryCost` adds up. */
interface CountryLines {
  cost: SingleCountryCost;
  diet: TrackedLine;
  accommodation: TrackedLine<AccommodationLine>[];
  localTransport: TrackedLine;
  transfers: TrackedLine[];
  totalPln: MoneyTotal;
}

const ZERO = dec(0);

/** A line to be added up (its PLN amount is set by its conversion, if any). */
function tracked<L extends CalculatedLine>(line: L, amount: Dec): TrackedLine<L> {
  return { line, amount: roundMoney(amount), pln: ZERO };
}

/**
 * A line of a value, its PLN amount still zero. This and `queue` are module functions, not closures made
 * per settlement: a closure bound to a name gets its name set at run time where the code is run through
 * esbuild with `keepNames` (tsx, which runs the bench and the tests; docs/performance.md, "The engine").
 */
function emptyLine(value: CostValue): CalculatedLine {
  return {
    amount: value.amount.toFixed(2),
    currency: value.currency,
    amount_pln: '0.00',
    explanation: value.explanation,
    details: value.details,
    conversions: [],
  };
}

/** Each line is built once, where it belongs in the answer; its conversion fills in its PLN amount. */
function queue<L extends CalculatedLine>(pending: PendingLine[], value: CostValue, line: L): TrackedLine<L> {
  const entry = tracked(line, value.amount);
  pending.push({ value, tracked: entry });
  return entry;
}

function zeroLine(currency: string, explanation: Explanation, details: Explanation[] = []): CostValue {
  return { amount: dec(0), currency, costDay: null, explanation, details };
}

/**
 * Calculates a settlement (spec §5 "Settlement form", §7 `form-field-changed`): per diem, accommodation
 * and lump sums per country part, transport, mileage, other costs, advances and the balance in PLN.
 * Pure: the form and the context are all it reads. A half-filled form gives zero lines explained as
 * incomplete; a missing rate gives an issue rather than an exception.
 */
export function calculateSettlement(
  delegation: DelegationForm,
  context: SettlementContext,
): SettlementCalculation {
  const { rateBook, policy, settlementDate } = context;
  const issues: Issue[] = [];
  const ledger = createCurrencyLedger({ rule: policy.exchange_rate_date_rule, settlementDate, rateBook });
  if (!isLocalDate(settlementDate)) {
    issues.push({ path: ['settlement_date'], code: 'settlement.settlementDateInvalid' });
  }

  const segments = delegation.transport.map((segment) => ({
    segment,
    interval: parseInterval(segment.start_date, segment.end_date),
  }));
  const travelled: Interval[] = [];
  for (const { interval } of segments) if (interval) travelled.push(interval);
  const transit = mergeIntervals(travelled);

  const plans: PartPlan[] = [];
  delegation.country.forEach((part, index) => {
    const interval = parseInterval(part.in_date, part.out_date);
    const countryCode = part.country_code ?? '';
    if (!interval || countryCode === '') return;
    const car = segments.findIndex(
      ({ segment, interval: travel }) =>
        travel !== null &&
        CAR_TRANSPORT_TYPES.has(segment.transport_type ?? '') &&
        overlaps(travel, interval),
    );
    plans.push({
      index,
      part,
      kind: countryCode === DOMESTIC_COUNTRY_CODE ? 'domestic' : 'foreign',
      countryCode,
      region: part.region || null,
      interval,
      firstDay: localDateOf(interval.start),
      lastDay: localDateOf(interval.end),
      carSegment: car === -1 ? null : car,
    });
  });

  const dobasByPart = new Map<number, DobaValue[]>();
  const unitOfPart = new Map<number, { parts: number[]; unitMs: number; dobas: DobaValue[] }>();
  for (const { unit, parts } of unitsOf(plans, policy)) {
    const dobas = calculateUnit(unit, rateBook);
    const unitMs = unit.spans.reduce((sum, span) => sum + span.interval.end - span.interval.start, 0);
    for (const partIndex of parts) unitOfPart.set(partIndex, { parts, unitMs, dobas });
    for (const doba of dobas) {
      const own = dobasByPart.get(doba.partIndex) ?? [];
      own.push(doba);
      dobasByPart.set(doba.partIndex, own);
    }
  }
  const planOf = new Map(plans.map((plan) => [plan.index, plan]));

  const pending: PendingLine[] = [];
  const countryCosts: SingleCountryCost[] = [];
  const countryLines: CountryLines[] = [];

  delegation.country.forEach((part, index) => {
    const plan = planOf.get(index);
    const startRate = plan
      ? rateBook.perDiemRate(plan.countryCode, plan.region, plan.firstDay)
      : null;
    const ownDobas = dobasByPart.get(index) ?? [];
    const currency =
      startRate?.currency ?? ownDobas.find((doba) => doba.rate)?.rate?.currency ?? SETTLEMENT_CURRENCY;
    const cost: SingleCountryCost = {
      country_code: part.country_code ?? '',
      region: part.region || null,
      currency,
      delegation_rate: startRate ? dec(startRate.per_diem).toFixed(2) : '0.00',
      rate: startRate,
      diet_amount: '0.00',
      accommodation_amount: '0.00',
      lump_sums: { accommodation: '0.00', local_transport: '0.00', transfers: '0.00' },
      total_in_currency: '0.00',
      total_pln: '0.00',
      exchange_rate: null,
      lines: {
        diet: emptyLine(zeroLine(currency, explain('calc.incomplete'))),
        accommodation: [],
        local_transport: emptyLine(zeroLine(currency, explain('calc.incomplete'))),
        transfers: [],
      },
    };
    countryCosts.push(cost);
    const own: CountryLines = {
      cost,
      diet: tracked(cost.lines.diet, ZERO),
      accommodation: [],
      localTransport: tracked(cost.lines.local_transport, ZERO),
      transfers: [],
      totalPln: new MoneyTotal(),
    };
    countryLines.push(own);
    if (!plan) {
      part.accommodation.forEach((_, entry) => {
        const line = accommodationLine(zeroValue(currency));
        cost.lines.accommodation[entry] = line;
        own.accommodation[entry] = tracked(line, ZERO);
      });
      return;
    }
    if (ownDobas.some((doba) => doba.rate === null) || (!startRate && ownDobas.length === 0)) {
      issues.push({
        path: ['country', index, 'country_code'],
        code: 'settlement.rateMissing',
        params: { country_code: plan.countryCode, date: plan.firstDay },
      });
    }
    // A company override may change currency within a part; such dobas need a part of their own.
    const inCurrency = ownDobas.filter((doba) => doba.rate === null || doba.rate.currency === currency);
    const otherCurrency = ownDobas.find((doba) => doba.rate !== null && doba.rate.currency !== currency);
    if (otherCurrency?.rate) {
      issues.push({
        path: ['country', index, 'out_date'],
        code: 'settlement.rateCurrencyChanged',
        params: { from: currency, to: otherCurrency.rate.currency, date: localDateOf(otherCurrency.start) },
      });
    }

    const unit = unitOfPart.get(index);
    // A loop, not flatMap: V8's flatMap is a slow generic builtin, and this runs for every doba (docs/performance.md).
    const dietDetails: Explanation[] = [];
    const perDiems: Dec[] = [];
    for (const doba of inCurrency) {
      perDiems.push(doba.perDiem);
      for (const detail of doba.details) dietDetails.push(detail);
    }
    if (unit && inCurrency.length === 0 && unit.dobas.length > 0) {
      const owner = unit.dobas[0]?.partIndex ?? index;
      dietDetails.push(explain('calc.perDiem.includedInPart', { part: owner + 1 }));
    }
    const dietValue: CostValue = {
      amount: roundMoney(Dec.sum(perDiems)),
      currency,
      costDay: plan.lastDay,
      explanation: unit
        ? dietExplanation(plan.kind, unit.parts, unit.unitMs, unit.dobas)
        : explain('calc.incomplete'),
      details: dietDetails,
    };
    own.diet = queue(pending, dietValue, emptyLine(dietValue));
    cost.lines.diet = own.diet.line;

    part.accommodation.forEach((entry, entryIndex) => {
      const value = valueAccommodation(entry, {
        kind: plan.kind,
        countryCode: plan.countryCode,
        region: plan.region,
        transit,
        hotelLimitExcess: policy.hotel_limit_excess,
        rateBook,
        convert: ledger.convertAmount,
      });
      const line = accommodationLine(value);
      cost.lines.accommodation[entryIndex] = line;
      own.accommodation[entryIndex] = queue(pending, value, line);
    });

    const localTransport = localTransportValue(plan, currency, inCurrency);
    own.localTransport = queue(pending, localTransport, emptyLine(localTransport));
    cost.lines.local_transport = own.localTransport.line;

    (part.transfer_lump_sums ?? []).forEach((transfer, transferIndex) => {
      const value = transferValue(plan, startRate, transfer.city, transfer.direction, rateBook);
      own.transfers[transferIndex] = queue(pending, value, emptyLine(value));
      cost.lines.transfers[transferIndex] = own.transfers[transferIndex].line;
    });
  });

  const transportLines: TransportLine[] = [];
  const tickets: TrackedLine[] = [];
  const mileages: TrackedLine[] = [];
  for (const { segment } of segments) {
    const value = valueTransport(segment, rateBook);
    const line: TransportLine = {
      amount: value.amount.toFixed(2),
      currency: value.currency,
      amount_pln: '0.00',
      explanation: value.explanation,
      details: value.details,
      conversions: [],
      kind: value.kind,
      mileage_rate: value.mileageRate,
    };
    transportLines.push(line);
    (value.kind === 'mileage' ? mileages : tickets).push(queue(pending, value, line));
  }

  const otherLines: CalculatedLine[] = [];
  const others: TrackedLine[] = [];
  for (const cost of delegation.other) {
    const value = valueOtherCost(cost);
    const line = emptyLine(value);
    otherLines.push(line);
    others.push(queue(pending, value, line));
  }

  const advanceValues = delegation.advances.map(valueAdvance);
  const countedAdvances: LedgerAdvance[] = [];
  advanceValues.forEach((value, index) => {
    if (value.counted && value.costDay !== null) {
      countedAdvances.push({
        index,
        currency: value.currency,
        amount: value.amount,
        paymentDay: value.costDay,
      });
    }
  });
  // A line's value is its ledger entry (currency, amount, cost day): no copy of it.
  const ledgerEntries: LedgerEntry[] = pending.map(({ value }) => value);
  const converted = ledger.convertToPln(ledgerEntries, countedAdvances);
  pending.forEach(({ tracked: entry }, position) => {
    const result = converted.entries[position] as ConvertedAmount;
    entry.pln = roundMoney(result.amountPln);
    entry.line.amount_pln = entry.pln.toFixed(2);
    entry.line.conversions = result.conversions;
  });
  const advanceLines: AdvanceLine[] = advanceValues.map((value) =>
    Object.assign(emptyLine(value), { counted: value.counted }),
  );
  const advancesTotal = new MoneyTotal();
  countedAdvances.forEach(({ index }, position) => {
    const line = advanceLines[index] as AdvanceLine;
    const result = converted.advances[position] as ConvertedAmount;
    const pln = roundMoney(result.amountPln);
    line.amount_pln = pln.toFixed(2);
    line.conversions = result.conversions;
    advancesTotal.add(pln);
  });

  // The totals are only printed: added and printed in grosze, with no decimal while they fit a double.
  const total = new MoneyTotal();
  for (const lines of countryLines) {
    finishCountryCost(lines);
    total.addTotal(lines.totalPln);
  }

  const transportTotal = sumPln(tickets);
  const mileageTotal = sumPln(mileages);
  const otherTotal = sumPln(others);
  total.addTotal(transportTotal).addTotal(mileageTotal).addTotal(otherTotal);

  return {
    calculated: {
      singleCountryCost: countryCosts,
      transport: transportLines,
      other: otherLines,
      advances: advanceLines,
      transport_total_pln: transportTotal.text(),
      mileage_total_pln: mileageTotal.text(),
      other_total_pln: otherTotal.text(),
      total_pln: total.text(),
      advances_total_pln: advancesTotal.text(),
      balance_pln: MoneyTotal.differenceText(total, advancesTotal),
      balances_by_currency: converted.balances,
      settlement_date: settlementDate,
      exchange_rate_rule: policy.exchange_rate_date_rule,
    },
    issues: [...issues, ...ledger.issues()],
  };
}

function zeroValue(currency: string): AccommodationValue {
  return {
    kind: 'none',
    amount: dec(0),
    currency,
    costDay: null,
    nights: 0,
    limit: null,
    overLimit: false,
    excess: dec(0),
    excessIncluded: false,
    explanation: explain('calc.incomplete'),
    details: [],
  };
}

function accommodationLine(value: AccommodationValue): AccommodationLine {
  return {
    amount: value.amount.toFixed(2),
    currency: value.currency,
    amount_pln: '0.00',
    explanation: value.explanation,
    details: value.details,
    conversions: [],
    kind: value.kind,
    nights: value.nights,
    limit: value.limit?.toFixed(2) ?? null,
    overLimit: value.overLimit,
    excess: value.excess.toFixed(2),
    excess_included: value.excessIncluded,
  };
}

/**
 * The local-transport lump sum of a part (§ 9 ust. 1 at home, § 17 ust. 3 abroad): a share of the per
 * diem for every started doba that begins in the part; none when not claimed (no such costs,
 * § 9 ust. 2, § 17 ust. 4 pkt 3) or when the employee travels by car at that place (§ 17 ust. 4 pkt 1).
 */
function localTransportValue(plan: PartPlan, currency: string, dobas: readonly DobaValue[]): CostValue {
  const domestic = plan.kind === 'domestic';
  if (plan.part.local_transport_lump_sum !== true) {
    return zeroLine(
      currency,
      explain('calc.lumpSum.localTransportNotClaimed', {
        paragraph: domestic ? PARAGRAPH.domesticLocalTransportNoCosts : PARAGRAPH.foreignLumpSumsExcluded,
      }),
    );
  }
  if (plan.carSegment !== null) {
    return zeroLine(
      currency,
      explain('calc.lumpSum.localTransportExcludedByCar', {
        segment: plan.carSegment + 1,
        paragraph: domestic ? PARAGRAPH.domesticLocalTransportNoCosts : PARAGRAPH.foreignLumpSumsExcluded,
      }),
    );
  }
  const shares: Dec[] = [];
  for (const doba of dobas) shares.push(doba.localTransport);
  const amount = roundMoney(Dec.sum(shares));
  return {
    amount,
    currency,
    costDay: plan.lastDay,
    explanation: explain('calc.lumpSum.localTransport', {
      count: dobas.length,
      amount: amount.toFixed(2),
      currency,
      paragraph: domestic ? PARAGRAPH.domesticLocalTransport : PARAGRAPH.foreignLocalTransport,
    }),
    details: dobas.map((doba) =>
      explain('calc.lumpSum.localTransportDoba', {
        doba: doba.index + 1,
        rate: doba.rateText,
        amount: doba.localTransportText,
        currency,
      }),
    ),
  };
}

/**
 * A transfer lump sum abroad (§ 17 ust. 1–2): one per diem of the country for a city, half when the
 * costs are one way only, at the rate in force when the part begins; none at home or by car.
 */
function transferValue(
  plan: PartPlan,
  rate: PerDiemRate | null,
  city: string,
  direction: 'both' | 'oneWay',
  rateBook: RateBook,
): CostValue {
  const currency = rate?.currency ?? SETTLEMENT_CURRENCY;
  if (plan.kind === 'domestic')
    return zeroLine(currency, explain('calc.lumpSum.transferNotDomestic', { city }));
  if (plan.carSegment !== null) {
    return zeroLine(
      currency,
      explain('calc.lumpSum.transferExcludedByCar', {
        city,
        segment: plan.carSegment + 1,
        paragraph: PARAGRAPH.foreignLumpSumsExcluded,
      }),
    );
  }
  const rules = rateBook.ruleSet(plan.firstDay);
  if (!rate || !rules) return zeroLine(currency, explain('calc.incomplete'));
  const share = direction === 'both' ? rules.foreign.transfer_both_ways : rules.foreign.transfer_one_way;
  const amount = roundMoney(dec(rate.per_diem).times(share));
  return {
    amount,
    currency,
    costDay: plan.lastDay,
    explanation: explain(
      direction === 'both' ? 'calc.lumpSum.transferBothWays' : 'calc.lumpSum.transferOneWay',
      {
        city,
        percent: dec(share).times(100).toString(),
        rate: dec(rate.per_diem).toFixed(2),
        amount: amount.toFixed(2),
        currency,
        paragraph: direction === 'both' ? PARAGRAPH.foreignTransfers : PARAGRAPH.foreignTransfersOneWay,
      },
    ),
    details: [],
  };
}

/** The PLN amounts of lines, added. */
function sumPln(lines: readonly TrackedLine[]): MoneyTotal {
  const total = new MoneyTotal();
  for (const line of lines) total.add(line.pln);
  return total;
}

/** A line's amount when it is in `currency`, else zero. */
function inCurrency(entry: TrackedLine, currency: string): Dec {
  return entry.line.currency === currency ? entry.amount : ZERO;
}

/** Fills a part's amounts from its converted lines: currency totals add the lines in the part's currency. */
function finishCountryCost(lines: CountryLines): void {
  const { cost, diet, localTransport } = lines;
  const bills = new MoneyTotal();
  const lumpSums = new MoneyTotal();
  for (const entry of lines.accommodation) {
    if (entry.line.kind === 'lumpSum') lumpSums.add(inCurrency(entry, cost.currency));
    else bills.add(inCurrency(entry, cost.currency));
  }
  const transfers = new MoneyTotal();
  for (const entry of lines.transfers) transfers.add(inCurrency(entry, cost.currency));
  const all: TrackedLine[] = [diet, ...lines.accommodation, localTransport, ...lines.transfers];
  const total = new MoneyTotal();
  let exchangeRate: ExchangeRateUsed | null = null;
  for (const entry of all) {
    total.add(entry.pln);
    if (exchangeRate === null)
      exchangeRate =
        entry.line.conversions.find((conversion) => conversion.exchange_rate)?.exchange_rate ?? null;
  }
  cost.diet_amount = inCurrency(diet, cost.currency).toFixed(2);
  cost.accommodation_amount = bills.text();
  cost.lump_sums = {
    accommodation: lumpSums.text(),
    local_transport: inCurrency(localTransport, cost.currency).toFixed(2),
    transfers: transfers.text(),
  };
  cost.total_in_currency = new MoneyTotal()
    .add(inCurrency(diet, cost.currency))
    .addTotal(bills)
    .addTotal(lumpSums)
    .add(inCurrency(localTransport, cost.currency))
    .addTotal(transfers)
    .text();
  cost.total_pln = total.text();
  // The per diem's table first, else the part's first converted line's.
  cost.exchange_rate = exchangeRate;
  lines.totalPln = total;
}
