/**
 * The settlement calculation engine: the form's schema, the rate book, the calculation and the
 * validation rules of spec §5 "Settlement form". See docs/domain/per-diem.md.
 */
export * from './delegation-form.ts';
export * from './explanation.ts';
export * from './rates/statutory-rates.ts';
export * from './rates/country-codes.ts';
export * from './rates/rate-book.ts';
export { FOREIGN_PER_DIEM_ROWS } from './rates/foreign-rates.data.ts';
export { ACCOMMODATION_LINE_KINDS, type AccommodationLineKind } from './accommodation.ts';
export { TRANSPORT_LINE_KINDS, vehicleKindOf, type TransportLineKind } from './costs.ts';
export {
  CONVERSION_BASES,
  type Conversion,
  type ConversionBasis,
  type CurrencyBalance,
  type ExchangeRateDateRule,
  type ExchangeRateUsed,
} from './currency-ledger.ts';
export * from './calculate-settlement.ts';
export * from './balance.ts';
export * from './pln-completeness.ts';
export * from './validate-settlement.ts';
