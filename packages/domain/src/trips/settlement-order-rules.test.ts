import { describe, expect, it } from 'vitest';
import { defaultSystemSettings, type SystemSettings } from '../settings/system-settings.ts';
import { parseDelegationForm, type DelegationFormInput } from '../settlement/delegation-form.ts';
import { distanceDiffers, settlementFormFromOrder, transportLimitConfirmation, validateDistances, validateSettlementAgainstOrder, type BaseOrder } from './settlement-order-rules.ts';

const order: BaseOrder = {
  id: 7,
  number: 'PW/1/2026',
  user_id: 3,
  start_date: '2026-03-10 06:00',
  end_date: '2026-03-12 20:00',
  cost_centre_id: 11,
  project_id: 5,
  task_id: 2,
  task: 'Targi',
  external_customer_id: null,
  destinations: [
    { place_text: 'Berlin', country_code: 'DE' },
    { place_text: 'Praga', country_code: 'CZ' },
  ],
  destination_text: null,
  start_place_text: 'Warszawa',
  end_place_text: null,
  allowed_transport: ['car'],
  advances: [
    { id: 1, amount_in_currency: '100.00', currency: 'EUR', payment_type: 'cash', payment_date: '2026-03-09', status: 'paid', comment: '' },
    { id: 2, amount_in_currency: '50.00', currency: 'PLN', payment_type: 'transfer', payment_date: null, status: 'rejected', comment: '' },
  ],
};

function form(overrides: Partial<DelegationFormInput> = {}) {
  const parsed = parseDelegationForm({ start_date: '2026-03-10 06:00', end_date: '2026-03-12 20:00', cost_centre_id: 11, ...overrides });
  return parsed.delegation!;
}

function settings(overrides: Partial<SystemSettings> = {}): SystemSettings {
  return { ...defaultSystemSettings(), ...overrides };
}

const codes = (issues: { path: (string | number)[]; code: string }[]) => issues.map((issue) => `${issue.path.join('.')}:${issue.code}`);

describe('settlement against its trip order', () => {
  it('requires a base order only when the company demands one', () => {
    expect(codes(validateSettlementAgainstOrder(form(), null, settings({ trip_order_requirement: 'required' })))).toEqual(['delegation_order_id:delegation.orderRequired']);
    expect(validateSettlementAgainstOrder(form(), null, settings({ trip_order_requirement: 'optional' }))).toEqual([]);
  });

  it("requires the order's cost centre", () => {
    expect(codes(validateSettlementAgainstOrder(form({ cost_centre_id: 12 }), order, settings()))).toEqual(['cost_centre_id:delegation.costCentreNotOrder']);
    expect(validateSettlementAgainstOrder(form({ cost_centre_id: '11' }), order, settings())).toEqual([]);
  });

  it.each([
    ['none', '2026-03-08 06:00', true],
    ['sameDay', '2026-03-10 23:59', true],
    ['sameDay', '2026-03-11 00:00', false],
    ['h1', '2026-03-10 07:00', true],
    ['h1', '2026-03-10 07:01', false],
    ['h3', '2026-03-10 03:00', true],
    ['h6', '2026-03-10 12:01', false],
    ['h12', '2026-03-10 18:00', true],
    ['h24', '2026-03-11 06:01', false],
    ['h48', '2026-03-12 06:00', true],
    ['identical', '2026-03-10 06:00', true],
    ['identical', '2026-03-10 06:01', false],
  ] as const)('date difference %s: start %s allowed = %s', (option, start, allowed) => {
    const issues = validateSettlementAgainstOrder(form({ start_date: start }), order, settings({ date_difference_vs_order: option }));
    if (allowed) expect(issues).toEqual([]);
    else expect(issues).toEqual([{ path: ['start_date'], code: 'delegation.dateDifferenceVsOrder', params: expect.objectContaining({ option, order_date: '2026-03-10 06:00' }) }]);
  });

  it('checks the end against the order too', () => {
    const issues = validateSettlementAgainstOrder(form({ end_date: '2026-03-13 20:00' }), order, settings({ date_difference_vs_order: 'h12' }));
    expect(issues).toEqual([{ path: ['end_date'], code: 'delegation.dateDifferenceVsOrder', params: { option: 'h12', hours: 12, order_date: '2026-03-12 20:00' } }]);
  });

  describe('distance against the maps service', () => {
    const car = (distance: string, maps: string, comment: string | null = null) => ({ transport_type: 'car' as const, distance, google_maps_api_distance: maps, comment });

    it('says nothing when verification is off or within the allowed difference', () => {
      expect(validateDistances(form({ transport: [car('200', '100')] }), settings({ distance_verification: 'none' }))).toEqual([]);
      expect(validateDistances(form({ transport: [car('110', '100')] }), settings({ distance_verification: 'blockSaving', distance_allowed_difference: 10 }))).toEqual([]);
    });

    it('asks for a comment of at least 10 characters above the allowed difference', () => {
      const issues = validateDistances(form({ transport: [car('111', '100', 'objazd')] }), settings({ distance_verification: 'commentRequired', distance_allowed_difference: 10 }));
      expect(issues).toEqual([{ path: ['transport', 0, 'comment'], code: 'delegation.distanceCommentRequired', params: { allowed: 10, maps_distance: '100', min: 10 } }]);
      const explained = validateDistances(
        form({ transport: [car('111', '100', 'Objazd z powodu remontu drogi')] }),
        settings({ distance_verification: 'commentRequired', distance_allowed_difference: 10 }),
      );
      expect(explained).toEqual([]);
    });

    it('blocks saving above the allowed difference when the company says so, also below the maps distance', () => {
      const issues = validateDistances(form({ transport: [car('80', '100', 'Skrót przez las, krótsza droga')] }), settings({ distance_verification: 'blockSaving', distance_allowed_difference: 10 }));
      expect(codes(issues)).toEqual(['transport.0.distance:delegation.distanceExceedsMaps']);
    });

    it('compares decimals exactly', () => {
      expect(distanceDiffers('110.000', '100', 10)).toBe(false);
      expect(distanceDiffers('110.001', '100', 10)).toBe(true);
      expect(distanceDiffers('5', null, 0)).toBe(false);
    });
  });
});

describe('a settlement from its order', () => {
  it('carries over the employee, dates, purpose, cost centre, project, the destinations as country parts and the advances', () => {
    const settlement = settlementFormFromOrder(order);
    expect(settlement).toMatchObject({
      user_id: 3,
      delegation_order_id: 7,
      delegation_order_number: 'PW/1/2026',
      start_date: '2026-03-10 06:00',
      end_date: '2026-03-12 20:00',
      task: 'Targi',
      task_id: 2,
      cost_centre_id: 11,
      project_id: 5,
      destinationText: 'Berlin, Praga',
    });
    expect(settlement.country?.map((part) => part.country_code)).toEqual(['PL', 'DE', 'CZ', 'PL']);
    expect(settlement.country?.[0]?.in_date).toBe('2026-03-10 06:00');
    expect(settlement.country?.at(-1)?.out_date).toBe('2026-03-12 20:00');
    expect(settlement.transport).toHaveLength(2);
    expect(settlement.transport?.[0]).toMatchObject({ transport_type: 'car', from_place_text: 'Warszawa', to_place_text: 'Berlin', start_date: '2026-03-10 06:00' });
    expect(settlement.transport?.[1]).toMatchObject({ transport_type: 'car', from_place_text: 'Praga', to_place_text: 'Warszawa', end_date: '2026-03-12 20:00' });
    expect(settlement.advances).toEqual([{ id: 1, amount_in_currency: '100.00', currency: 'EUR', payment_type: 'cash', payment_date: '2026-03-09', status: 'paid', comment: null }]);
    expect(parseDelegationForm(settlement).issues).toEqual([]);
  });

  it('makes a domestic trip one Polish part and leaves the transport type open when several are allowed', () => {
    const settlement = settlementFormFromOrder({ ...order, destinations: [{ place_text: 'Kraków', country_code: 'PL' }], allowed_transport: ['car', 'rail'] });
    expect(settlement.country).toEqual([{ country_code: 'PL', in_date: '2026-03-10 06:00', out_date: '2026-03-12 20:00' }]);
    expect(settlement.transport?.[0]?.transport_type).toBeNull();
  });
});

describe('the trip order transport cost limit (spec §5 "Limit exceeded")', () => {
  const totals = (transport: string, mileage = '0.00') => ({ transport_total_pln: transport, mileage_total_pln: mileage });

  it('asks for confirmation at the transport list when tickets and mileage together exceed the limit', () => {
    expect(transportLimitConfirmation(totals('300.00', '150.01'), { allowed_transport_cost: '450.00' })).toEqual({
      path: ['transport'],
      code: 'delegation.transportLimitExceeded',
      params: { total: '450.01', limit: '450.00' },
    });
  });

  it('asks nothing at the limit, without a limit, without an order, or once confirmed', () => {
    expect(transportLimitConfirmation(totals('400.00', '50.00'), { allowed_transport_cost: '450.00' })).toBeNull();
    expect(transportLimitConfirmation(totals('9000.00'), { allowed_transport_cost: null })).toBeNull();
    expect(transportLimitConfirmation(totals('9000.00'), {})).toBeNull();
    expect(transportLimitConfirmation(totals('9000.00'), null)).toBeNull();
    expect(transportLimitConfirmation(totals('9000.00'), { allowed_transport_cost: '100.00' }, ['delegation.transportLimitExceeded'])).toBeNull();
  });
});
