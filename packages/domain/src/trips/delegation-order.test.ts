import { describe, expect, it } from 'vitest';
import { createRateBook } from '../settlement/rates/rate-book.ts';
import { emptyDelegationOrderForm, estimateOrderCost, validateDelegationOrder, type DelegationOrderForm } from './delegation-order.ts';

const valid = (overrides: Partial<DelegationOrderForm> = {}): DelegationOrderForm => ({
  ...emptyDelegationOrderForm(7),
  task_id: 3,
  destinations: [{ place_text: 'Berlin', country_code: 'DE' }],
  start_place_text: 'Warszawa',
  end_place_text: 'Warszawa',
  start_date: '2026-05-04 08:00',
  end_date: '2026-05-06 18:00',
  ...overrides,
});
const codes = (form: DelegationOrderForm, multipleAdvances = false) =>
  validateDelegationOrder(form, { multipleAdvances }).map((issue) => `${issue.path.join('.')}:${issue.code}`);

describe('validateDelegationOrder', () => {
  it('accepts a complete order', () => {
    expect(codes(valid())).toEqual([]);
  });

  it('asks to choose the worker', () => {
    expect(codes(valid({ user_id: null }))).toEqual(['user_id:delegationOrder.chooseWorker']);
  });

  it('requires departure before return', () => {
    expect(codes(valid({ start_date: null, end_date: '' }))).toEqual(['start_date:global.error.required', 'end_date:global.error.required']);
    expect(codes(valid({ start_date: '2026-05-06 18:00', end_date: '2026-05-04 08:00' }))).toEqual([
      'start_date:delegationOrder.startAfterEnd',
      'end_date:delegationOrder.endBeforeStart',
    ]);
    expect(codes(valid({ end_date: '2026-05-04 08:00' }))).toContain('end_date:delegationOrder.endBeforeStart');
    expect(codes(valid({ start_date: '2026-13-01 08:00' }))).toEqual(['start_date:validation.dateTime']);
  });

  it('requires the purpose, a description of at least 10 characters for "other", and a detailed description of at least 10', () => {
    expect(codes(valid({ task_id: null }))).toEqual(['task_id:global.error.required']);
    expect(codes(valid({ task_id: 'other', task: null }))).toEqual(['task:global.error.required']);
    expect(codes(valid({ task_id: 'other', task: 'Krótki' }))).toEqual(['task:validation.minLength10']);
    expect(codes(valid({ task_id: 'other', task: 'Targi branżowe IFA' }))).toEqual([]);
    expect(validateDelegationOrder(valid({ task: null }), { multipleAdvances: false, taskRequiresComment: true })[0]).toMatchObject({ path: ['task'], code: 'global.error.required' });
    expect(codes(valid({ add_description: 'za mało' }))).toEqual(['add_description:validation.minLength10']);
  });

  it('requires a destination, at most 5, with a known country', () => {
    expect(codes(valid({ destinations: [] }))).toEqual(['destinations:global.error.required']);
    const six = Array.from({ length: 6 }, (_, index) => ({ place_text: `Miasto ${index}`, country_code: 'PL' }));
    expect(codes(valid({ destinations: six }))).toEqual(['destinations:delegationOrder.tooManyDestinations']);
    expect(codes(valid({ destinations: [{ place_text: '', country_code: 'QQ' }] }))).toEqual([
      'destinations.0.place_text:global.error.required',
      'destinations.0.country_code:validation.country',
    ]);
  });

  it('needs start and end places for the estimate', () => {
    expect(codes(valid({ start_place_text: null, end_place_text: ' ' }))).toEqual(['start_place_text:delegationOrder.estimatePlaces', 'end_place_text:delegationOrder.estimatePlaces']);
  });

  it('takes a transport cost limit of zero or more', () => {
    expect(codes(valid({ allowed_transport_cost: '0' }))).toEqual([]);
    expect(codes(valid({ allowed_transport_cost: '-1' }))).toEqual(['allowed_transport_cost:validation.amount']);
    expect(codes(valid({ allowed_transport_cost: 'abc' }))).toEqual(['allowed_transport_cost:validation.amount']);
  });

  it('checks advances: amount above zero, currency, payment type, date not after the trip end, one unless allowed', () => {
    const advance = { amount_in_currency: '300.00', currency: 'EUR', payment_type: 'transfer' as const, payment_date: '2026-05-01', comment: '' };
    expect(codes(valid({ advances: [advance] }))).toEqual([]);
    expect(codes(valid({ advances: [{ ...advance, amount_in_currency: '0' }] }))).toEqual(['advances.0.amount_in_currency:delegationOrder.advanceAmountPositive']);
    expect(codes(valid({ advances: [{ ...advance, amount_in_currency: '1000000.01' }] }))).toEqual(['advances.0.amount_in_currency:validation.valueOutOfRange']);
    expect(codes(valid({ advances: [{ ...advance, currency: '', payment_type: '' }] }))).toEqual(['advances.0.currency:global.error.required', 'advances.0.payment_type:global.error.required']);
    expect(codes(valid({ advances: [{ ...advance, payment_date: '2026-05-07' }] }))).toEqual(['advances.0.payment_date:delegationOrder.advanceAfterEnd']);
    expect(codes(valid({ advances: [advance, advance] }))).toEqual(['advances:delegationOrder.singleAdvance']);
    expect(codes(valid({ advances: [advance, advance] }), true)).toEqual([]);
  });

  it('refuses an advance in a currency the NBP does not quote (XYZ)', () => {
    const advance = { amount_in_currency: '300.00', currency: 'XYZ', payment_type: 'transfer' as const, payment_date: '2026-05-01', comment: '' };
    expect(codes(valid({ advances: [advance] }))).toEqual(['advances.0.currency:validation.unknownCurrency']);
  });

  it('refuses trip dates before 2000 or more than two years after today, and accepts an order in the near future', () => {
    const onDay = (form: DelegationOrderForm, today: string) =>
      validateDelegationOrder(form, { multipleAdvances: false, today }).map((issue) => `${issue.path.join('.')}:${issue.code}`);
    expect(onDay(valid({ start_date: '1900-05-04 08:00' }), '2026-04-20')).toEqual(['start_date:validation.dateTooEarly']);
    expect(onDay(valid({ end_date: '2999-05-06 18:00' }), '2026-04-20')).toEqual(['end_date:validation.dateTooLate']);
    expect(onDay(valid(), '2026-04-20')).toEqual([]);
    expect(onDay(valid(), '2024-05-06')).toEqual([]);
    expect(onDay(valid(), '2024-05-03')).toEqual(['start_date:validation.dateTooLate', 'end_date:validation.dateTooLate']);
  });
});

describe('estimateOrderCost', () => {
  const policy = { domestic_parts_of_foreign_trip: 'summed', exchange_rate_date_rule: 'lastTableBeforeSettlement', hotel_limit_excess: 'acceptorConsent' } as const;

  it('counts per diems, nights × hotel limit and the transport limit, in PLN with the exchange rate', () => {
    const rateBook = createRateBook({ exchangeRates: [{ currency: 'EUR', date: '2026-04-30', rate: '4.2500', table_no: '083/A/NBP/2026', source: 'nbp' }] });
    const estimate = estimateOrderCost(valid({ allowed_transport_cost: '800' }), { rateBook, policy, settlementDate: '2026-05-10' });
    expect(estimate.country_code).toBe('DE');
    const [perDiem, lodging, transport] = estimate.lines;
    // Germany: 49 EUR a doba; 2 days 10 hours abroad → 2 full doby + a half for 8–12 hours (§ 13 ust. 2).
    expect(perDiem).toMatchObject({ kind: 'perDiem', currency: 'EUR', amount: '122.50', rate: '49.00' });
    expect(perDiem!.amount_pln).toBe('520.63');
    expect(lodging).toMatchObject({ kind: 'lodging', currency: 'EUR', nights: 2, limit: '170.00', amount: '340.00', amount_pln: '1445.00' });
    expect(transport).toMatchObject({ kind: 'transport', currency: 'PLN', amount: '800.00', amount_pln: '800.00' });
    expect(estimate.total_pln).toBe('2765.63');
  });

  it('leaves the PLN total open without an exchange rate', () => {
    const estimate = estimateOrderCost(valid(), { rateBook: createRateBook(), policy, settlementDate: '2026-05-10' });
    expect(estimate.total_pln).toBeNull();
    expect(estimate.lines[0]!.amount_pln).toBeNull();
  });

  it('estimates a domestic trip in PLN', () => {
    const estimate = estimateOrderCost(valid({ destinations: [{ place_text: 'Kraków', country_code: 'PL' }] }), { rateBook: createRateBook(), policy, settlementDate: '2026-05-10' });
    expect(estimate.country_code).toBe('PL');
    expect(estimate.lines.map((line) => line.currency)).toEqual(['PLN', 'PLN']);
    expect(estimate.total_pln).not.toBeNull();
  });
});
