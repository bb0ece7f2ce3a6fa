import { describe, expect, it } from 'vitest';
import {
  findConflictingRate,
  findOverlappingMileageRate,
  lowestMileageMaximum,
  periodsOverlap,
  validateDelegationRate,
  validateMileageRate,
  wouldCreateGroupCycle,
  type DelegationRateInput,
  type MileageRateInput,
} from './company-rates.ts';

const rate = (overrides: Partial<DelegationRateInput> = {}): DelegationRateInput => ({
  group_id: null,
  country_code: 'DE',
  region: null,
  per_diem: '60.00',
  currency: 'EUR',
  hotel_limit: '180',
  valid_from: '2026-01-01',
  valid_to: null,
  ...overrides,
});
const mileage = (overrides: Partial<MileageRateInput> = {}): MileageRateInput => ({
  vehicle_kind: 'carOver900',
  rate: '1.00',
  valid_from: '2026-01-01',
  valid_to: null,
  ...overrides,
});
const codes = (issues: { path: (string | number)[]; code: string }[]) => issues.map((issue) => `${issue.path.join('.')}:${issue.code}`);

describe('periods', () => {
  it('overlap when they share a day, open ends included', () => {
    expect(periodsOverlap({ valid_from: '2026-01-01', valid_to: '2026-01-31' }, { valid_from: '2026-01-31', valid_to: null })).toBe(true);
    expect(periodsOverlap({ valid_from: '2026-01-01', valid_to: '2026-01-30' }, { valid_from: '2026-01-31', valid_to: null })).toBe(false);
    expect(periodsOverlap({ valid_from: '2027-01-01', valid_to: null }, { valid_from: '2026-01-01', valid_to: null })).toBe(true);
  });
});

describe('company per-diem overrides', () => {
  it('accept a complete row', () => {
    expect(validateDelegationRate(rate())).toEqual([]);
    expect(validateDelegationRate(rate({ region: 'newYork', country_code: 'US', currency: 'USD' }))).toEqual([]);
  });

  it('refuse an unknown country, bad amounts, a bad currency and a reversed period at their fields', () => {
    expect(codes(validateDelegationRate(rate({ country_code: 'XX', per_diem: '0', hotel_limit: '12,5', currency: 'eur', valid_to: '2025-12-31' })))).toEqual([
      'country_code:rates.unknownCountry',
      'per_diem:rates.amountPositive',
      'currency:validation.currency',
      'hotel_limit:rates.amountFormat',
      'valid_to:validation.dateRange',
    ]);
    expect(codes(validateDelegationRate(rate({ valid_from: '2026-02-30', region: '<b>' })))).toEqual(['region:rates.regionFormat', 'valid_from:validation.date']);
  });

  it('find a second rate of the same group, country and region with overlapping validity', () => {
    const existing = [
      { ...rate({ valid_to: '2026-06-30' }), id: 1 },
      { ...rate({ group_id: 5 }), id: 2 },
      { ...rate({ country_code: 'US', region: 'newYork' }), id: 3 },
    ];
    expect(findConflictingRate(rate({ valid_from: '2026-06-30' }), existing)?.id).toBe(1);
    expect(findConflictingRate(rate({ valid_from: '2026-07-01' }), existing)).toBeNull();
    expect(findConflictingRate(rate({ group_id: 5, valid_from: '2030-01-01' }), existing)?.id).toBe(2);
    expect(findConflictingRate(rate({ group_id: 6 }), existing)).toBeNull();
    expect(findConflictingRate(rate({ country_code: 'US', region: ' newYork ' }), existing)?.id).toBe(3);
    expect(findConflictingRate(rate({ country_code: 'US', region: 'washington' }), existing)).toBeNull();
    // Editing a row does not conflict with itself.
    expect(findConflictingRate({ ...rate({ valid_to: '2026-06-30' }), id: 1 }, existing)).toBeNull();
  });
});

describe('company mileage rates', () => {
  it('accept a rate up to the statutory maximum', () => {
    expect(validateMileageRate(mileage({ rate: '1.15' }))).toEqual([]);
    expect(validateMileageRate(mileage({ vehicle_kind: 'moped', rate: '0.42' }))).toEqual([]);
  });

  it('refuse a rate above the maximum in force, naming the maximum', () => {
    expect(validateMileageRate(mileage({ rate: '1.1501' }))).toEqual([
      { path: ['rate'], code: 'rates.mileageAboveMaximum', params: { max: '1.15', valid_from: '2023-01-17' } },
    ]);
  });

  it('compare with the lowest maximum of every day the rate covers', () => {
    // Covers days under the 2007 maxima (0.8358) and the 2023 ones (1.15).
    const spanning = mileage({ valid_from: '2022-12-01', rate: '0.90' });
    expect(validateMileageRate(spanning)).toEqual([
      { path: ['rate'], code: 'rates.mileageAboveMaximum', params: { max: '0.8358', valid_from: '2007-11-14' } },
    ]);
    expect(lowestMileageMaximum('carUpTo900', { valid_from: '2023-01-17', valid_to: null })).toEqual({ max: '0.89', valid_from: '2023-01-17' });
  });

  it('refuse malformed, zero and pre-regulation rates', () => {
    expect(codes(validateMileageRate(mileage({ rate: '0.12345' })))).toEqual(['rate:rates.mileageFormat']);
    expect(codes(validateMileageRate(mileage({ rate: '0' })))).toEqual(['rate:rates.amountPositive']);
    expect(codes(validateMileageRate(mileage({ valid_from: '2007-01-01', valid_to: '2007-12-31' })))).toEqual(['valid_from:rates.mileageBeforeRegulation']);
    expect(codes(validateMileageRate(mileage({ vehicle_kind: 'truck' as never })))).toEqual(['vehicle_kind:rates.unknownVehicleKind']);
  });

  it('find an overlapping rate of the same vehicle kind', () => {
    const existing = [{ ...mileage({ valid_to: '2026-12-31' }), id: 4 }];
    expect(findOverlappingMileageRate(mileage({ valid_from: '2026-12-31' }), existing)?.id).toBe(4);
    expect(findOverlappingMileageRate(mileage({ valid_from: '2027-01-01' }), existing)).toBeNull();
    expect(findOverlappingMileageRate(mileage({ vehicle_kind: 'moped' }), existing)).toBeNull();
  });
});

describe('rate groups', () => {
  const groups = [
    { id: 1, parent_id: null },
    { id: 2, parent_id: 1 },
    { id: 3, parent_id: 2 },
  ];

  it('refuse a parent that would make a group its own ancestor', () => {
    expect(wouldCreateGroupCycle(groups, 1, 3)).toBe(true);
    expect(wouldCreateGroupCycle(groups, 2, 2)).toBe(true);
    expect(wouldCreateGroupCycle(groups, 3, 1)).toBe(false);
    expect(wouldCreateGroupCycle(groups, null, 3)).toBe(false);
    expect(wouldCreateGroupCycle(groups, 1, null)).toBe(false);
  });

  it('stop on a loop already in the data', () => {
    expect(wouldCreateGroupCycle([{ id: 1, parent_id: 2 }, { id: 2, parent_id: 1 }], 9, 1)).toBe(false);
  });
});
