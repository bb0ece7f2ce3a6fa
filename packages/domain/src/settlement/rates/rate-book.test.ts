import { describe, expect, it } from 'vitest';
import { calculateSettlement } from '../calculate-settlement.ts';
import { contextOf, stayAbroad } from '../test-fixtures.ts';
import { isCountryCode } from './country-codes.ts';
import { FOREIGN_PER_DIEM_ROWS } from './foreign-rates.data.ts';
import {
  createRateBook,
  listPerDiemRatesInForce,
  resolveRateGroupChain,
  type PerDiemOverrideRow,
} from './rate-book.ts';

const override = (
  row: Partial<PerDiemOverrideRow> & Pick<PerDiemOverrideRow, 'group_id' | 'per_diem'>,
): PerDiemOverrideRow => ({
  country_code: 'DE',
  region: null,
  currency: 'EUR',
  hotel_limit: '200',
  valid_from: '2024-01-01',
  valid_to: null,
  ...row,
});

describe('statutory tables', () => {
  it('holds both foreign annexes, each row with a known country code and currency', () => {
    expect(FOREIGN_PER_DIEM_ROWS).toHaveLength(232);
    for (const row of FOREIGN_PER_DIEM_ROWS) {
      if (row.country_code !== null) expect(isCountryCode(row.country_code), row.name_pl).toBe(true);
      expect(row.currency).toMatch(/^[A-Z]{3}$/);
    }
  });

  it('looks up the domestic rate and its hotel limit by day', () => {
    const book = createRateBook();
    expect(book.perDiemRate('PL', null, '2013-02-28')).toMatchObject({
      per_diem: '23.00',
      hotel_limit: '460.00',
    });
    expect(book.perDiemRate('PL', null, '2022-07-27')).toMatchObject({ per_diem: '30.00' });
    expect(book.perDiemRate('PL', null, '2022-12-31')).toMatchObject({
      per_diem: '38.00',
      hotel_limit: '760.00',
    });
    expect(book.perDiemRate('PL', null, '2023-01-01')).toMatchObject({
      per_diem: '45.00',
      hotel_limit: '900.00',
    });
    expect(book.perDiemRate('PL', null, '2006-12-31')).toBeNull();
  });

  it('looks up the foreign annex by day: Austria 52/130 EUR until 2022-11-28, 57/150 EUR from 2022-11-29', () => {
    const book = createRateBook();
    expect(book.perDiemRate('AT', null, '2022-11-28')).toMatchObject({
      per_diem: '52',
      hotel_limit: '130',
      legal_basis: 'Dz.U. 2013 poz. 167, załącznik',
    });
    expect(book.perDiemRate('AT', null, '2022-11-29')).toMatchObject({
      per_diem: '57',
      hotel_limit: '150',
      legal_basis: 'Dz.U. 2022 poz. 2302, załącznik',
    });
    expect(book.perDiemRate('RS', null, '2020-05-01')).toMatchObject({
      name_pl: 'Serbia i Czarnogóra',
      per_diem: '40',
    });
    expect(book.perDiemRate('ME', null, '2020-05-01')).toMatchObject({
      name_pl: 'Serbia i Czarnogóra',
      per_diem: '40',
    });
    expect(book.perDiemRate('DE', null, '2013-02-28')).toBeNull();
    expect(book.perDiemRate('XX', null, '2026-01-01')).toBeNull();
  });

  it('caps a company mileage rate at the statutory maximum and uses the maximum when the company has none', () => {
    const book = createRateBook({
      mileageRates: [
        { vehicle_kind: 'carOver900', rate: '1.20', valid_from: '2023-01-01', valid_to: null },
        { vehicle_kind: 'carUpTo900', rate: '0.50', valid_from: '2023-01-01', valid_to: null },
      ],
    });
    expect(book.mileageRate('carOver900', '2024-05-01')).toMatchObject({
      rate: '1.15',
      capped: true,
      company_rate: '1.20',
    });
    expect(book.mileageRate('carUpTo900', '2024-05-01')).toMatchObject({
      rate: '0.50',
      capped: false,
      statutory_max: '0.89',
    });
    expect(book.mileageRate('moped', '2024-05-01')).toMatchObject({ rate: '0.42', company_rate: null });
    expect(book.mileageRate('motorcycle', '2023-01-16')).toMatchObject({ rate: '0.2302' });
    expect(book.mileageRate('motorcycle', '2007-11-13')).toBeNull();
  });

  it('finds the last exchange table before a day, or on it, looking back over days without a table', () => {
    const book = createRateBook({
      exchangeRates: [
        { currency: 'EUR', date: '2026-03-13', rate: '4.3000', table_no: '051', source: 'nbp' },
        { currency: 'EUR', date: '2026-03-16', rate: '4.4000', table_no: '052', source: 'nbp' },
        { currency: 'EUR', date: '2026-03-16', rate: '4.5000', table_no: 'manual', source: 'manual' },
      ],
    });
    expect(book.exchangeRate('EUR', '2026-03-16', 'before')?.table_no).toBe('051');
    expect(book.exchangeRate('EUR', '2026-03-15', 'onOrBefore')?.table_no).toBe('051');
    expect(book.exchangeRate('EUR', '2026-03-16', 'onOrBefore')?.table_no).toBe('052');
    expect(book.exchangeRate('EUR', '2026-03-13', 'before')).toBeNull();
    expect(book.exchangeRate('USD', '2026-03-16', 'before')).toBeNull();
  });

  it('leaves malformed rows out and reports them', () => {
    const book = createRateBook({
      exchangeRates: [{ currency: 'EUR', date: '2026-03-13', rate: '4,30', table_no: '051', source: 'nbp' }],
    });
    expect(book.exchangeRate('EUR', '2026-03-16', 'before')).toBeNull();
    expect(book.dataIssues).toEqual([
      { path: ['exchangeRates', 0], code: 'rates.invalidRow', params: { table: 'exchangeRates', index: 0 } },
    ]);
  });
});

describe('company overrides and rate groups', () => {
  const groups = [
    { id: 1, parent_id: null },
    { id: 2, parent_id: 1 },
    { id: 3, parent_id: 2 },
  ];
  const overrides = [
    override({ group_id: 3, per_diem: '60', valid_from: '2025-01-01', valid_to: '2025-12-31' }),
    override({ group_id: 2, per_diem: '55' }),
    override({ group_id: null, per_diem: '52' }),
    override({ group_id: 1, country_code: 'FR', per_diem: '70' }),
  ];

  it('builds a group’s chain up to the root and stops at a loop', () => {
    expect(resolveRateGroupChain(groups, 3)).toEqual({ chain: [3, 2, 1], issues: [] });
    expect(
      resolveRateGroupChain(
        [
          { id: 'a', parent_id: 'b' },
          { id: 'b', parent_id: 'a' },
        ],
        'a',
      ),
    ).toEqual({
      chain: ['a', 'b'],
      issues: [{ path: ['rateGroups'], code: 'rates.groupCycle', params: { group_id: 'a' } }],
    });
  });

  it('takes the nearest group’s override in force, then the parent’s, then the company’s, then the law’s', () => {
    const child = createRateBook({
      companyOverrides: overrides,
      rateGroupChain: resolveRateGroupChain(groups, 3).chain,
    });
    expect(child.perDiemRate('DE', null, '2025-06-01')).toMatchObject({
      per_diem: '60',
      source: 'company',
      group_id: 3,
    });
    expect(child.perDiemRate('DE', null, '2026-06-01')).toMatchObject({ per_diem: '55', group_id: 2 });
    expect(child.perDiemRate('FR', null, '2026-06-01')).toMatchObject({ per_diem: '70', group_id: 1 });
    expect(child.perDiemRate('DE', null, '2023-06-01')).toMatchObject({
      per_diem: '49',
      source: 'statutory',
      group_id: null,
    });

    const root = createRateBook({ companyOverrides: overrides, rateGroupChain: [1] });
    expect(root.perDiemRate('DE', null, '2026-06-01')).toMatchObject({
      per_diem: '52',
      group_id: null,
      source: 'company',
    });
    const noGroup = createRateBook({ companyOverrides: overrides });
    expect(noGroup.perDiemRate('FR', null, '2026-06-01')).toMatchObject({
      per_diem: '55',
      source: 'statutory',
    });
  });

  it('prefers a region row at the same level, and a nearer group’s country row to a farther region row', () => {
    const book = createRateBook({
      companyOverrides: [
        override({ group_id: 2, country_code: 'US', currency: 'USD', per_diem: '70' }),
        override({
          group_id: 2,
          country_code: 'US',
          region: 'newYork',
          currency: 'USD',
          per_diem: '80',
          hotel_limit: '400',
        }),
        override({ group_id: 3, country_code: 'GB', currency: 'GBP', per_diem: '50' }),
        override({ group_id: 2, country_code: 'GB', region: 'london', currency: 'GBP', per_diem: '60' }),
      ],
      rateGroupChain: [3, 2],
    });
    expect(book.perDiemRate('US', 'newYork', '2026-01-01')).toMatchObject({
      per_diem: '80',
      hotel_limit: '400',
    });
    expect(book.perDiemRate('US', 'washington', '2026-01-01')).toMatchObject({
      per_diem: '70',
      region: null,
    });
    expect(book.perDiemRate('GB', 'london', '2026-01-01')).toMatchObject({ per_diem: '50', group_id: 3 });
  });

  it('settles a trip at the group’s override and says where the rate comes from', () => {
    const chain = resolveRateGroupChain(groups, 3).chain;
    const { calculated } = calculateSettlement(
      stayAbroad('DE', '2025-06-02 08:00', '2025-06-03 08:00'),
      contextOf({ rates: { companyOverrides: overrides, rateGroupChain: chain } }),
    );
    const cost = calculated.singleCountryCost[0];
    expect(cost).toMatchObject({ delegation_rate: '60.00', diet_amount: '60.00' });
    expect(cost?.lines.diet.details[0]?.params).toMatchObject({
      source: 'company',
      valid_from: '2025-01-01',
      valid_to: '2025-12-31',
    });
  });

  it('lists the rates in force for a group: every country, its regions, and the source of each rate', () => {
    const rates = listPerDiemRatesInForce(
      { companyOverrides: overrides, rateGroupChain: [3, 2, 1] },
      '2026-06-01',
    );
    const byKey = new Map(rates.map((rate) => [`${rate.country_code}/${rate.region ?? ''}`, rate]));
    expect(byKey.get('PL/')).toMatchObject({ per_diem: '45.00', source: 'statutory' });
    expect(byKey.get('DE/')).toMatchObject({ per_diem: '55', source: 'company', group_id: 2 });
    expect(byKey.get('FR/')).toMatchObject({ per_diem: '70', group_id: 1 });
    expect(byKey.get('US/newYork')).toMatchObject({ hotel_limit: '350' });
    expect(byKey.get('US/washington')).toMatchObject({ hotel_limit: '300' });
    expect(byKey.get('BT/')).toMatchObject({ per_diem: '41', other_countries: true });
    expect(rates.filter((rate) => rate.region === null)).toHaveLength(250);
  });
});
