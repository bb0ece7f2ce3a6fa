import { describe, expect, it } from 'vitest';
import { parseDelegationForm, type DelegationFormInput } from './delegation-form.ts';
import { createRateBook } from './rates/rate-book.ts';
import { formOf } from './test-fixtures.ts';
import { invalidAmountsOf, validateSettlementForm, type SettlementValidationOptions } from './validate-settlement.ts';

/** Spec §5 "Settlement form": one test per rule, with its field path and code. */

function validForm(): DelegationFormInput {
  return {
    start_date: '2026-03-09 06:00',
    end_date: '2026-03-11 22:00',
    transport: [
      {
        transport_type: 'rail',
        settlement_type_id: 'ticketScan',
        start_date: '2026-03-09 06:00',
        end_date: '2026-03-09 09:00',
        amount_in_currency: '120.00',
        currency: 'PLN',
      },
      {
        transport_type: 'rail',
        settlement_type_id: 'ticketScan',
        start_date: '2026-03-11 18:00',
        end_date: '2026-03-11 22:00',
        amount_in_currency: '120.00',
        currency: 'PLN',
      },
    ],
    country: [
      { country_code: 'PL', in_date: '2026-03-09 06:00', out_date: '2026-03-09 10:00' },
      {
        country_code: 'DE',
        in_date: '2026-03-09 10:00',
        out_date: '2026-03-11 19:00',
        breakfast_count: '1',
        accommodation: [
          {
            settlement_type_id: 'invoiceWorkerPayment',
            start_date: '2026-03-09 15:00',
            end_date: '2026-03-10 09:00',
            amount_in_currency: '150.00',
            currency: 'EUR',
          },
        ],
      },
      { country_code: 'PL', in_date: '2026-03-11 19:00', out_date: '2026-03-11 22:00' },
    ],
    other: [
      {
        type_id: 'parking',
        payment_type_id: 'cash',
        amount_in_currency: '20.00',
        currency: 'PLN',
        bill_date: '2026-03-10',
      },
    ],
    advances: [
      {
        amount_in_currency: '200.00',
        currency: 'PLN',
        payment_type: 'cash',
        payment_date: '2026-03-05',
        status: 'paid',
      },
    ],
  };
}

const options: SettlementValidationOptions = { rateBook: createRateBook() };

/** Validates the valid form after `change` edits it. */
function issuesAfter(
  change: (form: DelegationFormInput) => void,
  extra: Partial<SettlementValidationOptions> = {},
) {
  const form = validForm();
  change(form);
  return validateSettlementForm(formOf(form), { ...options, ...extra });
}

const transport = (form: DelegationFormInput, index: number) => form.transport?.[index] ?? {};
const country = (form: DelegationFormInput, index: number) => form.country?.[index] ?? {};

describe('validateSettlementForm', () => {
  it('accepts a complete foreign settlement', () => {
    expect(validateSettlementForm(formOf(validForm()), options)).toEqual([]);
  });

  it('refuses to settle a trip that has not ended yet, and accepts it once it has', () => {
    const returnAt = Date.parse('2026-03-11T21:00:00Z'); // 22:00 in Warsaw
    expect(issuesAfter(() => undefined, { now: returnAt - 60_000 })).toEqual([{ path: ['end_date'], code: 'validation.tripNotEnded' }]);
    expect(issuesAfter(() => undefined, { now: returnAt })).toEqual([]);
  });

  it('refuses a trip ending more than two years after today', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(issuesAfter((form) => (form.end_date = '2029-03-11 22:00'), { now })).toContainEqual({ path: ['end_date'], code: 'validation.dateTooLate' });
  });

  it('refuses an amount in a currency the NBP does not quote', () => {
    expect(issuesAfter((form) => Object.assign(transport(form, 0), { currency: 'XYZ' }))).toContainEqual({
      path: ['transport', 0, 'currency'],
      code: 'validation.invalidCurrency',
    });
  });

  it('requires a time in date-time fields', () => {
    expect(
      issuesAfter((form) => Object.assign(transport(form, 1), { end_date: '2026-03-11' })),
    ).toContainEqual({
      path: ['transport', 1, 'end_date'],
      code: 'validation.timeRequired',
    });
  });

  it('requires the trip’s start and end', () => {
    expect(issuesAfter((form) => (form.start_date = ''))).toContainEqual({
      path: ['start_date'],
      code: 'validation.required',
    });
  });

  it('rejects a time that does not exist (inside the spring DST gap)', () => {
    expect(issuesAfter((form) => (form.start_date = '2026-03-29 02:30'))).toContainEqual({
      path: ['start_date'],
      code: 'validation.invalidDateTime',
    });
  });

  it('rejects a half-typed year (a country part from year 20) at its field', () => {
    expect(issuesAfter((form) => (country(form, 0).in_date = '0020-03-09 06:00'))).toContainEqual({
      path: ['country', 0, 'in_date'],
      code: 'validation.invalidDateTime',
    });
  });

  it('requires the end after the start', () => {
    expect(
      issuesAfter((form) => Object.assign(transport(form, 1), { end_date: '2026-03-11 17:00' })),
    ).toContainEqual({
      path: ['transport', 1, 'end_date'],
      code: 'validation.endBeforeStart',
    });
    expect(issuesAfter((form) => (form.end_date = '2026-03-09 05:00'))).toContainEqual({
      path: ['end_date'],
      code: 'validation.endBeforeStart',
    });
  });

  it('keeps transport segments inside the trip', () => {
    expect(
      issuesAfter((form) => Object.assign(transport(form, 0), { start_date: '2026-03-09 05:00' })),
    ).toContainEqual({
      path: ['transport', 0, 'start_date'],
      code: 'validation.outsideTrip',
    });
  });

  it('keeps country parts inside the trip', () => {
    expect(
      issuesAfter((form) => Object.assign(country(form, 2), { out_date: '2026-03-11 23:00' })),
    ).toContainEqual({
      path: ['country', 2, 'out_date'],
      code: 'validation.outsideTrip',
    });
  });

  it('keeps accommodation inside its country part', () => {
    const issues = issuesAfter((form) =>
      Object.assign(country(form, 1).accommodation?.[0] ?? {}, { end_date: '2026-03-11 20:00' }),
    );
    expect(issues).toContainEqual({
      path: ['country', 1, 'accommodation', 0, 'end_date'],
      code: 'validation.outsideCountryPart',
    });
  });

  it('rejects overlapping transport segments', () => {
    expect(
      issuesAfter((form) => Object.assign(transport(form, 1), { start_date: '2026-03-09 08:00' })),
    ).toContainEqual({
      path: ['transport', 1, 'start_date'],
      code: 'validation.overlap',
      params: { with: 1 },
    });
  });

  it('rejects overlapping country parts', () => {
    expect(
      issuesAfter((form) => Object.assign(country(form, 1), { in_date: '2026-03-09 09:00' })),
    ).toContainEqual({
      path: ['country', 1, 'in_date'],
      code: 'validation.overlap',
      params: { with: 1 },
    });
  });

  it('rejects overlapping accommodation periods', () => {
    const issues = issuesAfter((form) => {
      country(form, 1).accommodation?.push({
        settlement_type_id: 'lumpSum',
        start_date: '2026-03-10 08:00',
        end_date: '2026-03-11 08:00',
      });
    });
    expect(issues).toContainEqual({
      path: ['country', 1, 'accommodation', 1, 'start_date'],
      code: 'validation.overlap',
      params: { with: 1 },
    });
  });

  it('requires two transport segments and one country part', () => {
    const issues = issuesAfter((form) => {
      form.transport = form.transport?.slice(0, 1);
      form.country = [];
    });
    expect(issues).toContainEqual({
      path: ['transport'],
      code: 'validation.minTransportSegments',
      params: { min: 2 },
    });
    expect(issues).toContainEqual({
      path: ['country'],
      code: 'validation.minCountryParts',
      params: { min: 1 },
    });
  });

  it('requires a transport comment of 10 characters for a lost ticket or an employee statement', () => {
    expect(
      issuesAfter((form) => Object.assign(transport(form, 0), { settlement_type_id: 'ticketLost' })),
    ).toContainEqual({
      path: ['transport', 0, 'comment'],
      code: 'validation.required',
    });
    const short = issuesAfter((form) =>
      Object.assign(transport(form, 0), { settlement_type_id: 'employeeStatement', comment: 'zgubiony' }),
    );
    expect(short).toContainEqual({
      path: ['transport', 0, 'comment'],
      code: 'validation.minLength',
      params: { min: 10 },
    });
  });

  it('requires an accommodation comment of 10 characters for an employee statement', () => {
    const issues = issuesAfter((form) =>
      Object.assign(country(form, 1).accommodation?.[0] ?? {}, {
        settlement_type_id: 'employeeStatement',
        comment: 'brak',
      }),
    );
    expect(issues).toContainEqual({
      path: ['country', 1, 'accommodation', 0, 'comment'],
      code: 'validation.minLength',
      params: { min: 10 },
    });
  });

  it('accepts only the transport types allowed by the order', () => {
    expect(issuesAfter(() => undefined, { allowedTransportTypes: ['flight'] })).toContainEqual({
      path: ['transport', 0, 'transport_type'],
      code: 'validation.transportTypeNotAllowed',
    });
  });

  it('accepts only the allowed transport settlement types', () => {
    expect(issuesAfter(() => undefined, { allowedTransportSettlements: ['booking'] })).toContainEqual({
      path: ['transport', 1, 'settlement_type_id'],
      code: 'validation.transportSettlementNotAllowed',
    });
  });

  it('accepts only the allowed accommodation settlement types', () => {
    expect(issuesAfter(() => undefined, { allowedAccommodationSettlements: ['lumpSum'] })).toContainEqual({
      path: ['country', 1, 'accommodation', 0, 'settlement_type_id'],
      code: 'validation.accommodationSettlementNotAllowed',
    });
  });

  it('reports a country without a rate: an unknown code, or a day before the tables', () => {
    expect(issuesAfter((form) => Object.assign(country(form, 1), { country_code: 'XX' }))).toContainEqual({
      path: ['country', 1, 'country_code'],
      code: 'validation.noRateForCountry',
    });
    const beforeTheAnnex = formOf({
      start_date: '2012-05-02 08:00',
      end_date: '2012-05-03 20:00',
      country: [{ country_code: 'DE', in_date: '2012-05-02 08:00', out_date: '2012-05-03 20:00' }],
    });
    expect(validateSettlementForm(beforeTheAnnex, options)).toContainEqual({
      path: ['country', 0, 'country_code'],
      code: 'validation.noRateForCountry',
    });
  });

  it('reports amounts and distances out of range, and malformed amounts', () => {
    expect(
      issuesAfter((form) => Object.assign(transport(form, 0), { amount_in_currency: '-5.00' })),
    ).toContainEqual({
      path: ['transport', 0, 'amount_in_currency'],
      code: 'validation.valueOutOfRange',
      params: { min: 0, max: '1000000' },
    });
    expect(
      issuesAfter((form) => Object.assign(form.other?.[0] ?? {}, { amount_in_currency: '2000000.00' })),
    ).toContainEqual({
      path: ['other', 0, 'amount_in_currency'],
      code: 'validation.valueOutOfRange',
      params: { min: 0, max: '1000000' },
    });
    expect(issuesAfter((form) => Object.assign(transport(form, 0), { distance: '50000' }))).toContainEqual({
      path: ['transport', 0, 'distance'],
      code: 'validation.valueOutOfRange',
      params: { min: 0, max: '20000' },
    });
    expect(
      issuesAfter((form) => Object.assign(transport(form, 0), { amount_in_currency: '12,50' })),
    ).toContainEqual({
      path: ['transport', 0, 'amount_in_currency'],
      code: 'validation.invalidAmount',
    });
    expect(issuesAfter((form) => Object.assign(transport(form, 0), { currency: 'eur' }))).toContainEqual({
      path: ['transport', 0, 'currency'],
      code: 'validation.invalidCurrency',
    });
  });

  it('gives no per-kilometre lump sum for a vehicle that is not private', () => {
    const mileage = (vehicle: Record<string, unknown> | null) =>
      issuesAfter((form) =>
        Object.assign(transport(form, 0), {
          transport_type: 'car',
          settlement_type_id: 'lumpSum',
          distance: '300',
          amount_in_currency: null,
          ...(vehicle ? { vehicle } : {}),
        }),
      );
    expect(mileage({ type: 'car', engine_capacity: 1600, is_private: false })).toContainEqual({
      path: ['transport', 0, 'settlement_type_id'],
      code: 'validation.nonPrivateVehicleNoMileage',
    });
    expect(mileage({ type: 'truck', engine_capacity: 3000, is_private: true })).toContainEqual({
      path: ['transport', 0, 'vehicle_id'],
      code: 'validation.mileageVehicleKind',
    });
    expect(mileage(null)).toContainEqual({
      path: ['transport', 0, 'vehicle_id'],
      code: 'validation.required',
    });
    expect(mileage({ type: 'car', engine_capacity: 1600, is_private: true })).toEqual([]);
  });

  it('rejects an advance paid after the delegation ended', () => {
    expect(
      issuesAfter((form) => Object.assign(form.advances?.[0] ?? {}, { payment_date: '2026-03-12' })),
    ).toContainEqual({
      path: ['advances', 0, 'payment_date'],
      code: 'validation.advanceAfterDelegationEnd',
    });
  });

  it('checks meal counts: whole numbers, at most one per doba, equal to the meals entered per doba', () => {
    expect(issuesAfter((form) => Object.assign(country(form, 1), { lunch_count: 'x' }))).toContainEqual({
      path: ['country', 1, 'lunch_count'],
      code: 'validation.invalidCount',
    });
    expect(issuesAfter((form) => Object.assign(country(form, 1), { dinner_count: '4' }))).toContainEqual({
      path: ['country', 1, 'dinner_count'],
      code: 'validation.valueOutOfRange',
      params: { min: 0, max: 3 },
    });
    expect(
      issuesAfter((form) =>
        Object.assign(country(form, 1), { meals_per_doba: [{ breakfast: true }, { breakfast: true }] }),
      ),
    ).toContainEqual({
      path: ['country', 1, 'breakfast_count'],
      code: 'validation.mealCountsMismatch',
    });
  });

  it('allows hospital and transfer lump sums abroad only', () => {
    const issues = issuesAfter((form) =>
      Object.assign(country(form, 0), {
        hospital: true,
        transfer_lump_sums: [{ city: 'Warszawa', direction: 'both' }],
      }),
    );
    expect(issues).toContainEqual({ path: ['country', 0, 'hospital'], code: 'validation.foreignOnly' });
    expect(issues).toContainEqual({
      path: ['country', 0, 'transfer_lump_sums'],
      code: 'validation.foreignOnly',
    });
  });

  it('checks that is_internal agrees with the country code', () => {
    expect(issuesAfter((form) => Object.assign(country(form, 1), { is_internal: true }))).toContainEqual({
      path: ['country', 1, 'is_internal'],
      code: 'validation.internalCountryMismatch',
    });
  });

  it('requires the fields of other costs', () => {
    const issues = issuesAfter((form) =>
      Object.assign(form.other?.[0] ?? {}, { payment_type_id: '', bill_date: '' }),
    );
    expect(issues).toContainEqual({ path: ['other', 0, 'payment_type_id'], code: 'validation.required' });
    expect(issues).toContainEqual({ path: ['other', 0, 'bill_date'], code: 'validation.required' });
  });
});

describe('parseDelegationForm', () => {
  it('parses a half-filled form', () => {
    const { delegation, issues } = parseDelegationForm({
      country: [{ country_code: 'PL' }],
      transport: [{}, {}],
    });
    expect(issues).toEqual([]);
    expect(delegation?.country[0]?.breakfast_count).toBe('0');
  });

  it('reports shape errors as issues with field paths, never coercing a number into an amount', () => {
    const { delegation, issues } = parseDelegationForm({
      transport: [{ amount_in_currency: 12.5, transport_type: 'horse' }],
      country: [{ surprise: true }],
    });
    expect(delegation).toBeNull();
    expect(issues).toContainEqual({
      path: ['transport', 0, 'amount_in_currency'],
      code: 'validation.invalidValue',
    });
    expect(issues).toContainEqual({
      path: ['transport', 0, 'transport_type'],
      code: 'validation.invalidOption',
    });
    expect(issues).toContainEqual({ path: ['country', 0, 'surprise'], code: 'validation.unknownField' });
  });
});

describe('invalidAmountsOf', () => {
  it('leaves the total and the balance unknown when a cost line has an amount out of range', () => {
    const issues = issuesAfter((form) => Object.assign(transport(form, 0), { amount_in_currency: '10000000000.00' }));
    expect(issues).toContainEqual(expect.objectContaining({ path: ['transport', 0, 'amount_in_currency'] }));
    expect(invalidAmountsOf(issues)).toEqual({ countries: false, transport: true, other: false, advances: false, total: true, balance: true });
  });

  it('leaves only the balance unknown for an invalid advance, and nothing for a problem that is not an amount', () => {
    expect(invalidAmountsOf([{ path: ['advances', 0, 'currency'], code: 'validation.invalidCurrency' }])).toMatchObject({ advances: true, total: false, balance: true });
    expect(invalidAmountsOf([{ path: ['transport', 0, 'comment'], code: 'validation.minLength' }])).toMatchObject({ total: false, balance: false });
  });
});
