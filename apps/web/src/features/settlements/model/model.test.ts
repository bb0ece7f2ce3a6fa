import { describe, expect, it } from 'vitest';
import { dobaCount, dobaStart, newSettlementForm, toDelegationForm } from './form-values.ts';
import { fieldKeyOf, isFieldShown, shiftKeysAfterRemoval, stepOfIssue } from './issues.ts';
import { countryName, countryOptions, regionsOf } from './countries.ts';

describe('form to engine payload', () => {
  it('counts the meals of the dobas the part lasts and sends decimals with a dot', () => {
    const form = newSettlementForm();
    form.country[0] = {
      ...form.country[0]!,
      in_date: '2026-03-10 07:00',
      out_date: '2026-03-11 09:00',
      // A third doba left over from longer times is not sent.
      meals_per_doba: [
        { breakfast: true, lunch: false, dinner: true },
        { breakfast: true, lunch: true, dinner: false },
        { breakfast: true, lunch: true, dinner: true },
      ],
    };
    form.transport[0] = { ...form.transport[0]!, amount_in_currency: '1 234,50', currency: 'eur' };
    const payload = toDelegationForm(form);
    const part = payload.country?.[0];
    expect(part?.meals_per_doba).toHaveLength(2);
    expect([part?.breakfast_count, part?.lunch_count, part?.dinner_count]).toEqual(['2', '1', '1']);
    expect(payload.transport?.[0]).toMatchObject({ amount_in_currency: '1234.50', currency: 'EUR', vehicle_id: null });
    expect(payload.start_date).toBeNull();
  });

  it('sends the chosen vehicle record of a car (never its data) and leaves foreign-only fields out of a domestic part', () => {
    const form = newSettlementForm();
    form.transport[0] = { ...form.transport[0]!, transport_type: 'car', vehicle_id: '17' };
    form.country[0] = { ...form.country[0]!, hospital: true, transfer_lump_sums: [{ city: 'Berlin', direction: 'both' }] };
    const payload = toDelegationForm(form);
    expect(payload.transport?.[0]?.vehicle_id).toBe(17);
    expect(payload.transport?.[0]).not.toHaveProperty('vehicle');
    expect(payload.country?.[0]).toMatchObject({ country_code: 'PL', hospital: false, transfer_lump_sums: [], region: null });
  });

  it('counts started dobas of real time, also across the change to summer time', () => {
    expect(dobaCount('2026-03-10 07:00', '2026-03-10 17:00')).toBe(1);
    expect(dobaCount('2026-03-10 07:00', '2026-03-11 07:00')).toBe(1);
    expect(dobaCount('2026-03-10 07:00', '2026-03-11 07:01')).toBe(2);
    // 2026-03-29 has 23 hours in Warsaw: 00:00 → 00:00 the next day is less than a doba.
    expect(dobaCount('2026-03-29 00:00', '2026-03-30 00:00')).toBe(1);
    expect(dobaStart('2026-03-28 12:00', 1)).toBe('2026-03-29 13:00');
    expect(dobaCount('2026-03-10 17:00', '2026-03-10 07:00')).toBe(0);
    expect(dobaCount('', '2026-03-10 07:00')).toBe(0);
  });
});

describe('issues on the form', () => {
  it('puts each issue in its step and at the control that shows it', () => {
    expect(stepOfIssue({ path: ['transport', 1, 'end_date'], code: 'x' })).toBe('route');
    expect(stepOfIssue({ path: ['country', 0, 'country_code'], code: 'x' })).toBe('stay');
    expect(stepOfIssue({ path: ['start_date'], code: 'x' })).toBe('general');
    expect(stepOfIssue({ path: [], code: 'settlement.exchangeRateMissing' })).toBe('summary');
    expect(fieldKeyOf({ path: ['country', 1, 'dinner_count'], code: 'x' })).toBe('country.1.meals');
    expect(fieldKeyOf({ path: ['transport', 0, 'vehicle_id'], code: 'x' })).toBe('transport.0.vehicle_id');
  });

  it('knows which fields the screen shows for the current values', () => {
    const form = newSettlementForm();
    expect(isFieldShown('transport.1.end_date', form)).toBe(true);
    expect(isFieldShown('transport', form)).toBe(false);
    expect(isFieldShown('transport.0.vehicle_id', form)).toBe(false);
    expect(isFieldShown('country.0.hospital', form)).toBe(false);
    expect(isFieldShown('country.0.region', form)).toBe(false);
    expect(isFieldShown('transport.5.end_date', form)).toBe(false);
    form.transport[0]!.transport_type = 'car';
    form.country[0]!.country_code = 'US';
    expect(isFieldShown('transport.0.vehicle_id', form)).toBe(true);
    expect(isFieldShown('country.0.hospital', form)).toBe(true);
    expect(isFieldShown('country.0.region', form)).toBe(true);
  });

  it('moves touched keys up after an item is removed', () => {
    const keys = new Set(['transport.0.comment', 'transport.1.end_date', 'transport.2.start_date', 'start_date', 'country.0.accommodation.1.comment']);
    expect([...shiftKeysAfterRemoval(keys, 'transport', 1)].sort()).toEqual(['country.0.accommodation.1.comment', 'start_date', 'transport.0.comment', 'transport.1.start_date']);
    expect([...shiftKeysAfterRemoval(keys, 'country.0.accommodation', 0)]).toContain('country.0.accommodation.0.comment');
  });
});

describe('countries', () => {
  it('names countries in the interface language, Poland first, and knows the annex regions', () => {
    expect(countryName('DE', 'pl-PL')).toBe('Niemcy');
    expect(countryName('DE', 'en-US')).toBe('Germany');
    expect(countryOptions('pl-PL')[0]).toBe('PL');
    expect(regionsOf('US')).toEqual(expect.arrayContaining(['newYork', 'washington']));
    expect(regionsOf('DE')).toEqual([]);
  });
});
