/**
 * The statutory tables of the business-trip law, as effective-dated data. Every rate is looked up by
 * the moment the part of the trip it pays for happens (docs/domain/per-diem.md, "Rate changes").
 *
 * Sources: Rozporządzenie MPiPS z 29.01.2013 (Dz.U. 2013 poz. 167) as amended by Dz.U. 2022 poz. 1481
 * and Dz.U. 2022 poz. 2302; mileage maxima: Rozporządzenie MI z 25.03.2002 (Dz.U. 2002 nr 27 poz. 271)
 * as amended by Dz.U. 2007 nr 201 poz. 1462 and Dz.U. 2023 poz. 5.
 */

/** The country code of Poland: a country part with this code is domestic (§ 21 for foreign trips). */
export const DOMESTIC_COUNTRY_CODE = 'PL';

/** The currency of domestic rates and of the settlement balance. */
export const SETTLEMENT_CURRENCY = 'PLN';

/** A row of the foreign annex (generated into `foreign-rates.data.ts`). */
export interface StatutoryForeignRateRow {
  /** ISO 3166-1 alpha-2 code, or null for the annex row "Państwa inne niż wymienione". */
  country_code: string | null;
  /** A city region of the annex (`newYork`, `washington`), or null for the country's base row. */
  region: string | null;
  /** The country's name as the annex prints it. */
  name_pl: string;
  currency: string;
  /** Per diem per doba, in `currency` (decimal string). */
  per_diem: string;
  /** Hotel limit per night, in `currency` (decimal string). */
  hotel_limit: string;
  /** First day in force, `YYYY-MM-DD` (Warsaw). */
  valid_from: string;
  /** Last day in force, or null while in force. */
  valid_to: string | null;
  legal_basis: string;
}

/** A domestic per-diem rate (§ 7 ust. 1). The hotel limit is derived from it (§ 8 ust. 1). */
export interface StatutoryDomesticRate {
  per_diem: string;
  valid_from: string;
  valid_to: string | null;
  legal_basis: string;
}

/** Domestic per diem per doba, § 7 ust. 1, in PLN. */
export const DOMESTIC_PER_DIEM_RATES: readonly StatutoryDomesticRate[] = [
  {
    per_diem: '23.00',
    valid_from: '2007-01-01',
    valid_to: '2013-02-28',
    legal_basis: 'Dz.U. 2002 nr 236 poz. 1990',
  },
  {
    per_diem: '30.00',
    valid_from: '2013-03-01',
    valid_to: '2022-07-27',
    legal_basis: 'Dz.U. 2013 poz. 167, § 7 ust. 1',
  },
  {
    per_diem: '38.00',
    valid_from: '2022-07-28',
    valid_to: '2022-12-31',
    legal_basis: 'Dz.U. 2022 poz. 1481',
  },
  { per_diem: '45.00', valid_from: '2023-01-01', valid_to: null, legal_basis: 'Dz.U. 2022 poz. 2302' },
];

/**
 * The fractions of the regulation, effective-dated like the rates so that a future amendment is a
 * new row, not a code change. Every value is a decimal string fraction of the full rate.
 */
export interface PerDiemRuleSet {
  valid_from: string;
  valid_to: string | null;
  legal_basis: string;
  domestic: {
    /** § 7 ust. 4 pkt 1–3: meals provided, as fractions of the full per diem. */
    breakfast: string;
    lunch: string;
    dinner: string;
    /** § 8 ust. 1: hotel limit per night as a multiple of the per diem. */
    hotel_limit_multiplier: string;
    /** § 8 ust. 3: night lump sum as a multiple of the per diem. */
    night_lump_sum: string;
    /** § 9 ust. 1: local transport lump sum per started doba. */
    local_transport: string;
  };
  foreign: {
    /** § 14 ust. 2 pkt 1–3: meals provided, as fractions of the full per diem. */
    breakfast: string;
    lunch: string;
    dinner: string;
    /** § 14 ust. 1: free full board leaves this fraction of the per diem. */
    full_board: string;
    /** § 15: a doba in hospital earns this fraction of the per diem. */
    hospital: string;
    /** § 16 ust. 2: night lump sum as a fraction of the hotel limit. */
    night_lump_sum_of_limit: string;
    /** § 17 ust. 3: local transport lump sum per started doba. */
    local_transport: string;
    /** § 17 ust. 1: transfers to and from stations and airports, per city, both ways. */
    transfer_both_ways: string;
    /** § 17 ust. 2: transfers paid one way only. */
    transfer_one_way: string;
  };
}

/**
 * The regulation's fractions. The 2013 regulation kept the fractions of its predecessor, so one row
 * covers the whole domestic table (from 2007); explanations cite the 2013 paragraphs.
 */
export const PER_DIEM_RULE_SETS: readonly PerDiemRuleSet[] = [
  {
    valid_from: '2007-01-01',
    valid_to: null,
    legal_basis: 'Dz.U. 2013 poz. 167',
    domestic: {
      breakfast: '0.25',
      lunch: '0.5',
      dinner: '0.25',
      hotel_limit_multiplier: '20',
      night_lump_sum: '1.5',
      local_transport: '0.2',
    },
    foreign: {
      breakfast: '0.15',
      lunch: '0.3',
      dinner: '0.3',
      full_board: '0.25',
      hospital: '0.25',
      night_lump_sum_of_limit: '0.25',
      local_transport: '0.1',
      transfer_both_ways: '1',
      transfer_one_way: '0.5',
    },
  },
];

/** Vehicle kinds of the mileage regulation (Dz.U. 2002 nr 27 poz. 271, § 2). */
export const MILEAGE_VEHICLE_KINDS = ['carUpTo900', 'carOver900', 'motorcycle', 'moped'] as const;
/** One value of `MILEAGE_VEHICLE_KINDS`. */
export type MileageVehicleKind = (typeof MILEAGE_VEHICLE_KINDS)[number];

/** The statutory maximum per kilometre for each vehicle kind, in PLN. */
export interface StatutoryMileageMaximum {
  valid_from: string;
  valid_to: string | null;
  legal_basis: string;
  rates: Record<MileageVehicleKind, string>;
}

/** Mileage maxima ("kilometrówka"): an employer's rate may not exceed them. */
export const MILEAGE_MAXIMA: readonly StatutoryMileageMaximum[] = [
  {
    valid_from: '2007-11-14',
    valid_to: '2023-01-16',
    legal_basis: 'Dz.U. 2007 nr 201 poz. 1462',
    rates: { carUpTo900: '0.5214', carOver900: '0.8358', motorcycle: '0.2302', moped: '0.1382' },
  },
  {
    valid_from: '2023-01-17',
    valid_to: null,
    legal_basis: 'Dz.U. 2023 poz. 5',
    rates: { carUpTo900: '0.89', carOver900: '1.15', motorcycle: '0.69', moped: '0.42' },
  },
];

/** Whether an effective-dated row is in force on `date` (both `YYYY-MM-DD`; the bounds are inclusive). */
export function isInForce(row: { valid_from: string; valid_to: string | null }, date: string): boolean {
  return row.valid_from <= date && (row.valid_to === null || date <= row.valid_to);
}
