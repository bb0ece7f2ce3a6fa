import { describe, expect, it } from 'vitest';
import {
  checkImportHeader,
  parseImportDateTime,
  parseImportRow,
  BOOKING_IMPORT_COLUMNS,
} from './booking-import.ts';
import { bookingVisibility, canSeeBooking, normalizeName, travellerKeyOf } from './booking.ts';
import { checkInvoiceAmounts } from './invoice.ts';
import {
  findDuplicateClaims,
  matchInvoice,
  serviceKindOf,
  type ClaimedBill,
  type InvoiceForMatching,
  type TripForMatching,
} from './invoice-matching.ts';
import { decide } from '../trips/document-status.ts';

describe('booking visibility (spec §6)', () => {
  it('gives viewAllBookings every booking, viewBookings those travelled on or booked, viewBookingAssigned those travelled on', () => {
    expect(bookingVisibility({ viewAllBookings: true, viewBookings: true })).toBe('all');
    expect(bookingVisibility({ viewBookings: true })).toBe('ownAndBooked');
    expect(bookingVisibility({ viewBookingAssigned: true })).toBe('traveller');
    expect(bookingVisibility({})).toBe('none');
    expect(canSeeBooking('ownAndBooked', 5, { userId: 7, bookedById: 5 })).toBe(true);
    expect(canSeeBooking('traveller', 5, { userId: 7, bookedById: 5 })).toBe(false);
  });

  it('remembers a traveller by e-mail, else by the name without diacritics, case or extra spaces', () => {
    expect(travellerKeyOf('Anna Kowalska', ' Anna@Firma.PL ')).toBe('email:anna@firma.pl');
    expect(travellerKeyOf('  KOWALSKA   Łucja ', null)).toBe(travellerKeyOf('kowalska lucja', ''));
    expect(normalizeName('Żółć-Gęślą')).toBe('zolc geslą'.normalize('NFD').replace(/\p{M}/gu, ''));
  });
});

describe('booking import rows', () => {
  const header = [
    'source',
    'external_booking_id',
    'service_type',
    'traveler_name',
    'start_at',
    'end_at',
    'amount_gross',
    'currency',
    'invoice_number',
    'invoice_date',
    'seller_name',
    'seller_nip',
  ];
  const { columns } = checkImportHeader(header);

  it('reads a valid row into a booking with its invoice and its idempotency key', () => {
    const { row, issues } = parseImportRow(
      [
        'TMC',
        'B-1',
        'hotel',
        'Jan Nowak',
        '2026-04-07',
        '2026-04-09 11:00',
        '620,00'.replace(',', '.'),
        'pln',
        'FV/1',
        '2026-04-09',
        'Orbis',
        '526-025-02-74',
      ],
      columns,
      2,
    );
    expect(issues).toEqual([]);
    expect(row).toMatchObject({
      importKey: 'TMC:B-1:1',
      kind: 'hotel',
      startAt: '2026-04-07 00:00',
      endAt: '2026-04-09 11:00',
      amountGross: '620.00',
      currency: 'PLN',
      invoice: { number: 'FV/1', sellerTaxId: '5260250274' },
    });
  });

  it('reports every bad cell of a row at its line and column', () => {
    const { row, issues } = parseImportRow(
      ['', 'B-2', 'SHIP', 'Jan', '2026-02-30', '', '12,5', 'EURO', 'FV/2', '', '', '123'],
      columns,
      7,
    );
    expect(row).toBeNull();
    expect(issues.map((issue) => `${issue.path.join('.')}:${issue.code}`)).toEqual([
      'rows.7.source:validation.required',
      'rows.7.service_type:validation.invalidOption',
      'rows.7.currency:validation.maxLength',
      'rows.7.start_at:validation.dateTime',
      'rows.7.amount_gross:validation.amount',
      'rows.7.invoice_date:validation.required',
      'rows.7.seller_name:validation.required',
      'rows.7.seller_nip:contractor.nipInvalid',
    ]);
  });

  it('refuses unknown, duplicated and missing columns', () => {
    expect(checkImportHeader([...BOOKING_IMPORT_COLUMNS, 'Loyalty']).issues).toEqual([
      { path: ['file'], code: 'bookingImport.unknownColumns', params: { columns: 'Loyalty' } },
    ]);
    expect(checkImportHeader(['source', 'SOURCE']).issues.map((issue) => issue.code)).toEqual([
      'bookingImport.duplicatedColumns',
      'bookingImport.missingColumns',
    ]);
  });

  it('keeps an offset of an ISO date-time and rejects impossible dates', () => {
    expect(parseImportDateTime('2026-04-02T07:00+02:00')).toBe('2026-04-02T07:00+02:00');
    expect(parseImportDateTime('2026-04-02 07:00')).toBe('2026-04-02 07:00');
    expect(parseImportDateTime('2026-02-29')).toBeNull();
  });
});

describe('invoice amounts', () => {
  it('sums the rates and refuses a VAT amount that is not net × rate, and VAT on an exempt line', () => {
    const checked = checkInvoiceAmounts({
      seller_country: 'PL',
      seller_tax_id: '5260250274',
      vat_lines: [
        { rate: '8', net: '500.00', vat: '40.00' },
        { rate: '23', net: '100.00', vat: '20.00' },
        { rate: 'zw', net: '10.00', vat: '1.00' },
      ],
    });
    expect(checked.totals).toEqual({ net: '610.00', vat: '61.00', gross: '671.00' });
    expect(checked.issues).toEqual([
      { path: ['vat_lines', 1, 'vat'], code: 'invoice.vatMismatch', params: { expected: '23.00' } },
      { path: ['vat_lines', 2, 'vat'], code: 'invoice.vatNotDue' },
    ]);
  });
});

describe('matching a received invoice to its trip', () => {
  const hotelInvoice: InvoiceForMatching = {
    sellerName: 'Hotel Mercure Kraków Stare Miasto',
    sellerAddress: 'ul. Pawia 18, 31-154 Kraków',
    issueDate: '2026-03-12',
    saleDate: '2026-03-12',
    grossTotal: '540.00',
    currency: 'PLN',
    lineNames: ['Nocleg 10-12.03.2026, pokój 1-os.'],
    otherParties: ['Anna Kowalska'],
  };
  const trip = (overrides: Partial<TripForMatching>): TripForMatching => ({
    delegationId: 1,
    number: 'RD/1/2026',
    userId: 5,
    employeeName: 'Anna Kowalska',
    startDate: '2026-03-10',
    endDate: '2026-03-12',
    destinations: ['Kraków'],
    transportTypes: ['rail'],
    hasAccommodation: true,
    lineAmounts: [{ amount: '540.00', currency: 'PLN' }],
    bookings: [],
    ...overrides,
  });

  it('picks the trip to the seller’s town in the invoice’s dates, naming the employee, with every reason', () => {
    const match = matchInvoice(hotelInvoice, [
      trip({}),
      trip({
        delegationId: 2,
        number: 'RD/2/2026',
        employeeName: 'Jan Nowak',
        destinations: ['Gdańsk'],
        lineAmounts: [],
      }),
    ]);
    expect(match).toMatchObject({ delegationId: 1, userId: 5, score: 125 });
    expect(match!.reasons.map((reason) => reason.code)).toEqual([
      'match.date',
      'match.place',
      'match.kind.hotel',
      'match.person',
      'match.lineAmount',
    ]);
  });

  it('names the booking whose amount the invoice bears', () => {
    const match = matchInvoice(hotelInvoice, [
      trip({
        lineAmounts: [],
        bookings: [
          {
            id: 9,
            kind: 'hotel',
            name: 'Hotel Mercure',
            carrier: null,
            places: ['Kraków'],
            amountGross: '540.00',
            currency: 'PLN',
          },
        ],
      }),
    ]);
    expect(match).toMatchObject({ bookingId: 9 });
    expect(match!.reasons.map((reason) => reason.code)).toContain('match.bookingAmount');
  });

  it('suggests nothing when only the date fits', () => {
    expect(
      matchInvoice({ ...hotelInvoice, otherParties: [], sellerAddress: 'Poznań', sellerName: 'Firma X' }, [
        trip({ destinations: ['Gdańsk'], lineAmounts: [] }),
      ]),
    ).toBeNull();
  });

  it('tells hotels, rail and restaurants by the seller and line names', () => {
    expect(serviceKindOf({ sellerName: 'PKP Intercity S.A.', lineNames: ['Bilet'] })).toBe('rail');
    expect(serviceKindOf({ sellerName: 'Bistro Pod Arkadami', lineNames: ['Obiad'] })).toBe('restaurant');
    expect(serviceKindOf({ sellerName: 'Firma', lineNames: ['Usługa noclegowa'] })).toBe('hotel');
  });
});

describe('duplicate claims', () => {
  const bill = (delegationId: number, place: string, values: Partial<ClaimedBill>): ClaimedBill => ({
    delegationId,
    delegationNumber: `RD/${delegationId}`,
    tripStart: `2026-03-0${delegationId} 07:00`,
    tripEnd: '2026-03-10 20:00',
    place,
    seller: null,
    number: null,
    date: null,
    amount: null,
    currency: 'PLN',
    ...values,
  });

  it('finds the same seller and number in two settlements, and the same amount, date and seller twice in one', () => {
    const own = [
      bill(1, 'other.0', { seller: 'Taxi Plus', number: 'P/77', date: '2026-03-10', amount: '45.00' }),
      bill(1, 'other.1', { seller: 'Bistro', date: '2026-03-10', amount: '38.50' }),
      bill(1, 'other.2', { seller: 'bistro', date: '2026-03-10', amount: '38.5' }),
    ];
    const others = [
      bill(2, 'other.4', { seller: 'TAXI PLUS', number: 'p/77', date: '2026-03-10', amount: '45.00' }),
    ];
    expect(findDuplicateClaims(own, others)).toEqual([
      {
        place: 'other.0',
        reason: 'sameNumber',
        billNumber: 'P/77',
        otherDelegationId: 2,
        otherDelegationNumber: 'RD/2',
        otherTripStart: '2026-03-02 07:00',
        otherTripEnd: '2026-03-10 20:00',
        otherPlace: 'other.4',
        otherBillNumber: 'p/77',
      },
      {
        place: 'other.1',
        reason: 'sameAmountDateSeller',
        billNumber: null,
        otherDelegationId: 1,
        otherDelegationNumber: 'RD/1',
        otherTripStart: '2026-03-01 07:00',
        otherTripEnd: '2026-03-10 20:00',
        otherPlace: 'other.2',
        otherBillNumber: null,
      },
    ]);
  });
});

describe('acceptance while invoices are missing (spec §8)', () => {
  const actor = {
    isOwner: false,
    isCurrentApprover: true,
    isLastDecider: false,
    canOverrideDecisions: false,
  };
  const settlement = {
    kind: 'delegation' as const,
    status: 'submitted' as const,
    stage: 'substantive' as const,
    hasPermanentNumber: false,
    hasSettlement: false,
  };
  it('refuses accept and settle until the invoices arrive, but still lets the acceptor return the settlement', () => {
    expect(decide({ ...settlement, missingBookingInvoices: true }, 'accept', actor)).toEqual({
      allowed: false,
      refusal: 'document.refused.invoicesMissing',
    });
    expect(
      decide(
        { ...settlement, status: 'accepted', stage: 'financial', missingBookingInvoices: true },
        'settle',
        actor,
      ),
    ).toEqual({ allowed: false, refusal: 'document.refused.invoicesMissing' });
    expect(
      decide({ ...settlement, missingBookingInvoices: true }, 'returnForCorrection', actor).allowed,
    ).toBe(true);
    expect(decide({ ...settlement, missingBookingInvoices: false }, 'accept', actor).allowed).toBe(true);
  });
});
