import { defaultSystemSettings } from '../settings/system-settings.ts';
import type { SettlementContext, SettlementPolicy } from './calculate-settlement.ts';
import { delegationFormSchema, type DelegationForm, type DelegationFormInput } from './delegation-form.ts';
import { createRateBook, type RateBookInput } from './rates/rate-book.ts';

/** Builders for the settlement tests: a form is written as the web sends it and parsed by the schema. */

type CountryPartInput = NonNullable<DelegationFormInput['country']>[number];
type TransportInput = NonNullable<DelegationFormInput['transport']>[number];

/** The company defaults: summed domestic parts, table before settlement, excess with consent. */
export function defaultPolicy(overrides: Partial<SettlementPolicy> = {}): SettlementPolicy {
  const settings = defaultSystemSettings();
  return {
    domestic_parts_of_foreign_trip: settings.domestic_parts_of_foreign_trip,
    exchange_rate_date_rule: settings.exchange_rate_date_rule,
    hotel_limit_excess: settings.hotel_limit_excess,
    ...overrides,
  };
}

/** A calculation context with the statutory rates and the given company data. */
export function contextOf(
  options: { rates?: RateBookInput; policy?: Partial<SettlementPolicy>; settlementDate?: string } = {},
): SettlementContext {
  return {
    rateBook: createRateBook(options.rates),
    policy: defaultPolicy(options.policy),
    settlementDate: options.settlementDate ?? '2026-04-01',
  };
}

/** Parses a form written as the web sends it; a shape error fails the test at once. */
export function formOf(input: DelegationFormInput): DelegationForm {
  return delegationFormSchema.parse(input);
}

/** A country part from its code and times. */
export function part(
  country_code: string,
  in_date: string,
  out_date: string,
  extra: Partial<CountryPartInput> = {},
): CountryPartInput {
  return { country_code, in_date, out_date, ...extra };
}

/** A rail journey with a scanned ticket. */
export function rail(
  start_date: string,
  end_date: string,
  extra: Partial<TransportInput> = {},
): TransportInput {
  return {
    transport_type: 'rail',
    settlement_type_id: 'ticketScan',
    start_date,
    end_date,
    amount_in_currency: '0.00',
    currency: 'PLN',
    ...extra,
  };
}

/** A domestic trip: one PL part from departure to return, and a journey out and back. */
export function domesticTrip(
  start: string,
  end: string,
  extra: { part?: Partial<CountryPartInput>; form?: Partial<DelegationFormInput> } = {},
): DelegationForm {
  return formOf({
    start_date: start,
    end_date: end,
    transport: [rail(start, start), rail(end, end)],
    country: [part('PL', start, end, extra.part)],
    ...extra.form,
  });
}

/** A foreign trip: a domestic part to the border, one foreign part, a domestic part back. */
export function foreignTrip(
  countryCode: string,
  times: { start: string; border: string; borderBack: string; end: string },
  extra: { part?: Partial<CountryPartInput>; form?: Partial<DelegationFormInput> } = {},
): DelegationForm {
  return formOf({
    start_date: times.start,
    end_date: times.end,
    transport: [rail(times.start, times.start), rail(times.end, times.end)],
    country: [
      part('PL', times.start, times.border),
      part(countryCode, times.border, times.borderBack, extra.part),
      part('PL', times.borderBack, times.end),
    ],
    ...extra.form,
  });
}

/** A stay abroad with no domestic time: the foreign part is the whole trip. */
export function stayAbroad(
  countryCode: string,
  start: string,
  end: string,
  extra: { part?: Partial<CountryPartInput>; form?: Partial<DelegationFormInput> } = {},
): DelegationForm {
  return formOf({
    start_date: start,
    end_date: end,
    transport: [rail(start, start), rail(end, end)],
    country: [part(countryCode, start, end, extra.part)],
    ...extra.form,
  });
}
