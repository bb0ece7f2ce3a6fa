import { describe, expect, it } from 'vitest';
import { calculateSettlement } from '../settlement/calculate-settlement.ts';
import { parseDelegationForm } from '../settlement/delegation-form.ts';
import { createRateBook } from '../settlement/rates/rate-book.ts';
import type { BoughtService } from './bought-services.ts';
import { settlementFormFromOrder, type BaseOrder } from './settlement-order-rules.ts';

const frankfurtOrder: BaseOrder = {
  id: 12,
  number: 'PW/4/2026',
  user_id: 3,
  start_date: '2026-03-10 05:00',
  end_date: '2026-03-12 22:00',
  cost_centre_id: null,
  project_id: null,
  task_id: 2,
  task: 'Targi Musikmesse',
  external_customer_id: null,
  destinations: [{ place_text: 'Frankfurt nad Menem', country_code: 'DE' }],
  destination_text: null,
  start_place_text: 'Warszawa',
  end_place_text: 'Warszawa',
  allowed_transport: ['flight'],
  advances: [],
};

const flight: BoughtService = {
  booking_id: 41,
  kind: 'flight',
  label: 'LOT · Warszawa → Frankfurt',
  reference: 'K7XQ2P',
  legs: [
    { from_text: 'Warszawa (WAW)', to_text: 'Frankfurt (FRA)', departure: '2026-03-10 07:10', arrival: '2026-03-10 09:20' },
    { from_text: 'Frankfurt (FRA)', to_text: 'Warszawa (WAW)', departure: '2026-03-12 18:05', arrival: '2026-03-12 20:10' },
  ],
  stay: null,
};
const hotel: BoughtService = {
  booking_id: 42,
  kind: 'hotel',
  label: 'Hotel Frankfurter Hof',
  reference: 'H-99812',
  legs: [],
  stay: { hotel_name: 'Hotel Frankfurter Hof', check_in: '2026-03-10', check_out: '2026-03-12', breakfast_included: true, country_code: 'DE' },
};

describe('a settlement from an order with bought travel services', () => {
  it('settles the bought flight as the journeys there and back, with the border times of its take-off and landing', () => {
    const settlement = settlementFormFromOrder({ ...frankfurtOrder, bought_services: [flight, hotel] });
    expect(settlement.transport).toEqual([
      expect.objectContaining({ transport_type: 'flight', settlement_type_id: 'booking', booking_id: 41, booking_ticket: 'K7XQ2P', start_date: '2026-03-10 07:10', end_date: '2026-03-10 09:20' }),
      expect.objectContaining({ transport_type: 'flight', settlement_type_id: 'booking', booking_id: 41, from_place_text: 'Frankfurt (FRA)', start_date: '2026-03-12 18:05', end_date: '2026-03-12 20:10' }),
    ]);
    expect(settlement.country?.map((part) => [part.country_code, part.in_date, part.out_date])).toEqual([
      ['PL', '2026-03-10 05:00', '2026-03-10 07:10'],
      ['DE', '2026-03-10 07:10', '2026-03-12 20:10'],
      ['PL', '2026-03-12 20:10', '2026-03-12 22:00'],
    ]);
    expect(settlement.booking).toEqual([
      { booking_id: 41, label: 'LOT · Warszawa → Frankfurt' },
      { booking_id: 42, label: 'Hotel Frankfurter Hof' },
    ]);
    expect(parseDelegationForm(settlement).issues).toEqual([]);
  });

  it('settles the bought hotel as the company’s reservation abroad and deducts its breakfasts from the per diem', () => {
    const settlement = settlementFormFromOrder({ ...frankfurtOrder, bought_services: [flight, hotel] });
    const germany = settlement.country![1]!;
    expect(germany.accommodation).toEqual([
      { settlement_type_id: 'importReservation', booking_id: 42, booking_text: 'Hotel Frankfurter Hof', start_date: '2026-03-10', end_date: '2026-03-12', currency: 'PLN' },
    ]);
    // Breakfasts on the mornings of 11 and 12 March: the second and third doba from the take-off at 07:10.
    expect(germany.meals_per_doba?.map((meals) => meals.breakfast)).toEqual([false, true, true]);

    const rateBook = createRateBook();
    const context = { rateBook, policy: { domestic_parts_of_foreign_trip: 'summed', exchange_rate_date_rule: 'lastTableBeforeSettlement', hotel_limit_excess: 'acceptorConsent' }, settlementDate: '2026-03-13' } as const;
    const withBreakfasts = calculateSettlement(parseDelegationForm(settlement).delegation!, context).calculated;
    const withoutBreakfasts = calculateSettlement(parseDelegationForm({ ...settlement, country: settlement.country!.map((part) => ({ ...part, meals_per_doba: null })) }).delegation!, context).calculated;
    const germanDiet = (calculated: typeof withBreakfasts) => calculated.singleCountryCost.find((cost) => cost.country_code === 'DE')!.diet_amount;
    // Germany 49 EUR a day: each provided breakfast takes 15 % of it (§ 14 ust. 2), 2 × 7.35 EUR.
    expect(Number(germanDiet(withoutBreakfasts)) - Number(germanDiet(withBreakfasts))).toBeCloseTo(14.7, 2);
  });

  it('keeps the way back the order suggested when only the outbound train was bought, and a domestic hotel in the only part', () => {
    const train: BoughtService = { ...flight, booking_id: 50, kind: 'rail', legs: [{ from_text: 'Warszawa Centralna', to_text: 'Kraków Główny', departure: '2026-03-10 06:00', arrival: '2026-03-10 08:30' }] };
    const domesticHotel: BoughtService = { ...hotel, booking_id: 51, stay: { ...hotel.stay!, breakfast_included: false, country_code: 'PL' } };
    const settlement = settlementFormFromOrder({ ...frankfurtOrder, destinations: [{ place_text: 'Kraków', country_code: 'PL' }], allowed_transport: [], bought_services: [train, domesticHotel] });
    expect(settlement.transport?.[0]).toMatchObject({ transport_type: 'rail', settlement_type_id: 'booking', booking_id: 50 });
    expect(settlement.transport?.[1]).toMatchObject({ from_place_text: 'Kraków', to_place_text: 'Warszawa', end_date: '2026-03-12 22:00' });
    expect(settlement.transport?.[1]?.booking_id).toBeUndefined();
    expect(settlement.country).toHaveLength(1);
    expect(settlement.country![0]!.accommodation).toHaveLength(1);
    expect(settlement.country![0]!.meals_per_doba).toBeUndefined();
  });

  it('counts the breakfasts of a hotel abroad when the border times are not known yet (a trip by land)', () => {
    const settlement = settlementFormFromOrder({ ...frankfurtOrder, allowed_transport: ['rail'], bought_services: [hotel] });
    expect(settlement.country![1]!.in_date).toBeNull();
    expect(settlement.country![1]!.breakfast_count).toBe('2');
  });
});
