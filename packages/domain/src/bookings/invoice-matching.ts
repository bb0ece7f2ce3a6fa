import { dec } from '../common/money.ts';
import { addDaysToLocalDate } from '../common/dates.ts';
import type { BookingKind } from './booking.ts';
import { normalizeName } from './booking.ts';
import type { InvoiceMatch, MatchReason } from './invoice.ts';

/**
 * Matching a received invoice (KSeF FA(3)) to the trip it most likely belongs to. Companies receive
 * hotel, rail and restaurant invoices without knowing the trip: what the invoice says — the seller's
 * place and kind, the dates, the people it names, the amount — is weighed against each trip's
 * destinations and dates, its employee, its bookings and its settlement lines. Every point given is a
 * reason shown to finance, who confirms or corrects.
 */

/** What the matching reads from an invoice. */
export interface InvoiceForMatching {
  sellerName: string;
  sellerAddress: string | null;
  issueDate: string;
  saleDate: string | null;
  grossTotal: string;
  currency: string;
  lineNames: string[];
  /** Names of Podmiot3 (e.g. the employee who stayed). */
  otherParties: string[];
}

/** A trip (settlement) a received invoice may belong to. */
export interface TripForMatching {
  delegationId: number;
  number: string | null;
  userId: number;
  employeeName: string;
  /** `YYYY-MM-DD`, Warsaw. */
  startDate: string;
  endDate: string;
  destinations: string[];
  transportTypes: string[];
  hasAccommodation: boolean;
  /** Amounts of the settlement's accommodation and other-cost lines. */
  lineAmounts: { amount: string; currency: string }[];
  bookings: {
    id: number;
    kind: BookingKind;
    name: string | null;
    carrier: string | null;
    places: string[];
    amountGross: string;
    currency: string;
  }[];
}

/** The kind of service an invoice is for, read from its seller and line names. */
export type ServiceKind = 'hotel' | 'rail' | 'flight' | 'restaurant' | 'other';

const KIND_WORDS: [ServiceKind, RegExp][] = [
  [
    'hotel',
    /\b(hotel\w*|nocleg\w*|pobyt\w*|zakwaterowan\w*|apartament\w*|accommodation|room|pokoj\w*|hostel\w*|motel\w*)\b/,
  ],
  [
    'rail',
    /\b(pkp|intercity|polregio|koleje?\w*|bilet\w* kolejow\w*|przejazd\w*|pociag\w*|train|rail\w*|leo express|db fernverkehr)\b/,
  ],
  ['flight', /\b(lot\w*|linie lotnicze|airlines?|flight|przelot\w*|ryanair|wizz)\b/],
  [
    'restaurant',
    /\b(restaurac\w*|gastronom\w*|posilek|posilki|obiad\w*|kolacj\w*|sniadani\w*|bistro|cafe|kawiarni\w*|pizzeri\w*|catering)\b/,
  ],
];

export function serviceKindOf(invoice: Pick<InvoiceForMatching, 'sellerName' | 'lineNames'>): ServiceKind {
  const text = normalizeName([invoice.sellerName, ...invoice.lineNames].join(' '));
  for (const [kind, pattern] of KIND_WORDS) if (pattern.test(text)) return kind;
  return 'other';
}

const POINTS = { date: 30, place: 30, kind: 10, person: 30, bookingAmount: 40, lineAmount: 25 } as const;
/** Below this score nothing is suggested: a date alone is no match. */
export const MATCH_THRESHOLD = 50;

function words(text: string): string[] {
  return normalizeName(text)
    .split(' ')
    .filter((word) => word.length >= 3 && !/^\d+$/.test(word));
}

/**
 * The place of `places` named in the seller's address or name, or in a line (a ticket names its
 * route), if any — whole words, without diacritics.
 */
function placeNamed(invoice: InvoiceForMatching, places: string[]): string | null {
  const sellerWords = new Set(
    words(`${invoice.sellerAddress ?? ''} ${invoice.sellerName} ${invoice.lineNames.join(' ')}`),
  );
  for (const place of places) {
    const placeWords = words(place);
    if (placeWords.length > 0 && placeWords.every((word) => sellerWords.has(word))) return place;
  }
  return null;
}

function sameAmount(a: string, aCurrency: string, b: string, bCurrency: string): boolean {
  return aCurrency === bCurrency && dec(a).equals(dec(b));
}

function personNamed(invoice: InvoiceForMatching, employeeName: string): boolean {
  const employee = normalizeName(employeeName);
  return (
    invoice.otherParties.some((party) => normalizeName(party) === employee) ||
    invoice.lineNames.some((line) => normalizeName(line).includes(employee))
  );
}

/** Scores one trip; the reasons say where each point came from. */
export function scoreTrip(
  invoice: InvoiceForMatching,
  trip: TripForMatching,
): { score: number; reasons: MatchReason[]; bookingId: number | null } {
  const reasons: MatchReason[] = [];
  const serviceDay = invoice.saleDate ?? invoice.issueDate;
  // A hotel invoices at check-out, a ticket may be invoiced a few days before the trip.
  if (
    serviceDay >= addDaysToLocalDate(trip.startDate, -7) &&
    serviceDay <= addDaysToLocalDate(trip.endDate, 1)
  ) {
    reasons.push({
      code: 'match.date',
      params: { date: serviceDay, start: trip.startDate, end: trip.endDate },
      points: POINTS.date,
    });
  }
  const place = placeNamed(invoice, [
    ...trip.destinations,
    ...trip.bookings.flatMap((booking) => booking.places),
  ]);
  if (place) reasons.push({ code: 'match.place', params: { place }, points: POINTS.place });
  const kind = serviceKindOf(invoice);
  const kindFits =
    (kind === 'hotel' &&
      (trip.hasAccommodation || trip.bookings.some((booking) => booking.kind === 'hotel'))) ||
    (kind === 'rail' &&
      (trip.transportTypes.includes('rail') || trip.bookings.some((booking) => booking.kind === 'rail'))) ||
    (kind === 'flight' &&
      (trip.transportTypes.includes('flight') ||
        trip.bookings.some((booking) => booking.kind === 'flight' || booking.kind === 'lowCost'))) ||
    kind === 'restaurant';
  if (kindFits) reasons.push({ code: `match.kind.${kind}`, points: POINTS.kind });
  if (personNamed(invoice, trip.employeeName))
    reasons.push({ code: 'match.person', params: { name: trip.employeeName }, points: POINTS.person });
  let bookingId: number | null = null;
  const booking = trip.bookings.find((candidate) =>
    sameAmount(candidate.amountGross, candidate.currency, invoice.grossTotal, invoice.currency),
  );
  if (booking) {
    bookingId = booking.id;
    reasons.push({
      code: 'match.bookingAmount',
      params: {
        amount: invoice.grossTotal,
        currency: invoice.currency,
        booking: booking.name ?? booking.carrier ?? `#${booking.id}`,
      },
      points: POINTS.bookingAmount,
    });
  } else if (
    trip.lineAmounts.some((line) =>
      sameAmount(line.amount, line.currency, invoice.grossTotal, invoice.currency),
    )
  ) {
    reasons.push({
      code: 'match.lineAmount',
      params: { amount: invoice.grossTotal, currency: invoice.currency },
      points: POINTS.lineAmount,
    });
  }
  return { score: reasons.reduce((total, reason) => total + reason.points, 0), reasons, bookingId };
}

/** The trip the invoice most likely belongs to, with the runners-up; null when none reaches the threshold. */
export function matchInvoice(invoice: InvoiceForMatching, trips: TripForMatching[]): InvoiceMatch | null {
  const scored = trips
    .map((trip) => ({ trip, ...scoreTrip(invoice, trip) }))
    .filter((entry) => entry.score >= MATCH_THRESHOLD)
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.trip.startDate.localeCompare(a.trip.startDate) ||
        a.trip.delegationId - b.trip.delegationId,
    );
  const best = scored[0];
  if (!best) return null;
  return {
    delegationId: best.trip.delegationId,
    delegationNumber: best.trip.number,
    userId: best.trip.userId,
    employeeName: best.trip.employeeName,
    bookingId: best.bookingId,
    score: best.score,
    reasons: best.reasons,
    alternatives: scored.slice(1, 4).map((entry) => ({
      delegationId: entry.trip.delegationId,
      delegationNumber: entry.trip.number,
      employeeName: entry.trip.employeeName,
      score: entry.score,
    })),
  };
}

/** A bill or invoice a settlement claims: an other-cost line, an accommodation bill or a linked invoice. */
export interface ClaimedBill {
  delegationId: number;
  delegationNumber: string | null;
  /** The settlement's trip, `YYYY-MM-DD HH:mm` Warsaw: how people name it while it has no number. */
  tripStart: string;
  tripEnd: string;
  /** Where the settlement names it, e.g. `other.2`, or `invoice` for a linked invoice. */
  place: string;
  seller: string | null;
  number: string | null;
  date: string | null;
  amount: string | null;
  currency: string;
}

export interface DuplicateClaim {
  /** The bill of the settlement looked at. */
  place: string;
  /** `sameNumber`: same seller and number; `sameAmountDateSeller`: same amount, date and seller. */
  reason: 'sameNumber' | 'sameAmountDateSeller';
  /** The bill's number as claimed here (an invoice's number, a receipt's number), if it has one. */
  billNumber: string | null;
  /** The other claim: this settlement (twice in one) or another one. */
  otherDelegationId: number;
  otherDelegationNumber: string | null;
  otherTripStart: string;
  otherTripEnd: string;
  otherPlace: string;
  otherBillNumber: string | null;
}

function keyOf(text: string | null): string | null {
  const key = text ? normalizeName(text).replace(/ /g, '') : '';
  return key === '' ? null : key;
}

/**
 * The bills of one settlement claimed again — in the same settlement or another one — by the same
 * seller and number, or by the same amount, date and seller (issue 10 point 6), shown to the
 * acceptor and finance before they decide.
 */
export function findDuplicateClaims(own: ClaimedBill[], others: ClaimedBill[]): DuplicateClaim[] {
  const duplicates: DuplicateClaim[] = [];
  const all = [...own, ...others];
  own.forEach((bill) => {
    const seller = keyOf(bill.seller);
    const number = keyOf(bill.number);
    for (const other of all) {
      if (other === bill) continue;
      // A pair inside the settlement is reported once, at its first line.
      if (other.delegationId === bill.delegationId && own.indexOf(other) < own.indexOf(bill)) continue;
      const otherSeller = keyOf(other.seller);
      const sameSeller = seller === null || otherSeller === null ? false : seller === otherSeller;
      const sameNumber =
        number !== null &&
        number === keyOf(other.number) &&
        (sameSeller || seller === null || otherSeller === null);
      const sameAmountDateSeller =
        sameSeller &&
        bill.date !== null &&
        bill.date === other.date &&
        bill.amount !== null &&
        other.amount !== null &&
        bill.currency === other.currency &&
        dec(bill.amount).equals(dec(other.amount));
      if (!sameNumber && !sameAmountDateSeller) continue;
      duplicates.push({
        place: bill.place,
        reason: sameNumber ? 'sameNumber' : 'sameAmountDateSeller',
        billNumber: bill.number,
        otherDelegationId: other.delegationId,
        otherDelegationNumber: other.delegationNumber,
        otherTripStart: other.tripStart,
        otherTripEnd: other.tripEnd,
        otherPlace: other.place,
        otherBillNumber: other.number,
      });
    }
  });
  return duplicates;
}
