/**
 * Throughput of the settlement engine: how many times per second `calculateSettlement` settles a
 * 14-day trip through three foreign countries with 20 transport segments. Called by the project's
 * bench runner; it prints and asserts nothing itself.
 */
import {
  calculateSettlement,
  createRateBook,
  defaultSystemSettings,
  delegationFormSchema,
  formatLocalDateTimeMillis,
  parseLocalDateTimeToMillis,
  type DelegationFormInput,
  type ExchangeRate,
  type SettlementContext,
} from '@delego/domain';

const DURATION_MS = 2_000;
/**
 * CPU time spent settling before the timing starts. The process's CPU time counts V8's compiler
 * threads too, and the engine's code reaches its optimised tier only after some hundreds of
 * settlements: with 50 runs of warm-up the first timed seconds measured mostly the compiler
 * (about 1 100–1 400 per CPU second, against 7 000–8 000 once warm, on the same build).
 */
const WARM_UP_MS = 2_000;

const HOUR_MS = 3_600_000;
const TRIP_START = parseLocalDateTimeToMillis('2026-04-06 06:00') ?? 0;

/** `YYYY-MM-DD HH:mm` Warsaw time of the moment `hours` after the start of the trip. */
function at(hours: number): string {
  return formatLocalDateTimeMillis(TRIP_START + hours * HOUR_MS);
}

/** The trip: Poland → Germany (4 days) → Czechia (4 days) → Austria (5 days) → Poland, 14 days in all. */
export function benchTrip(): DelegationFormInput {
  const stays = [
    { country_code: 'DE', from: 4, to: 100, city: 'Berlin' },
    { country_code: 'CZ', from: 100, to: 196, city: 'Praha' },
    { country_code: 'AT', from: 196, to: 316, city: 'Wien' },
  ];
  const country: NonNullable<DelegationFormInput['country']> = [
    { country_code: 'PL', in_date: at(0), out_date: at(4), local_transport_lump_sum: true },
    ...stays.map((stay) => ({
      country_code: stay.country_code,
      in_date: at(stay.from),
      out_date: at(stay.to),
      breakfast_count: '3',
      lunch_count: '1',
      local_transport_lump_sum: true,
      transfer_lump_sums: [{ city: stay.city, direction: 'both' as const }],
      accommodation: [
        {
          settlement_type_id: 'invoiceWorkerPayment' as const,
          start_date: at(stay.from + 8),
          end_date: at(stay.from + 48),
          amount_in_currency: '260.00',
          currency: 'EUR',
        },
        {
          settlement_type_id: 'lumpSum' as const,
          start_date: at(stay.from + 56),
          end_date: at(stay.to - 4),
        },
      ],
    })),
    { country_code: 'PL', in_date: at(316), out_date: at(336), local_transport_lump_sum: true },
  ];
  const transport: NonNullable<DelegationFormInput['transport']> = Array.from({ length: 20 }, (_, index) => {
    const start = index * 16.5 + 1;
    const ticket = {
      transport_type: 'rail' as const,
      start_date: at(start),
      end_date: at(start + 1),
      from_place_text: `Stacja ${index}`,
      to_place_text: `Stacja ${index + 1}`,
    };
    if (index === 0) {
      return {
        ...ticket,
        transport_type: 'car' as const,
        settlement_type_id: 'lumpSum' as const,
        distance: '84.5',
        vehicle: { type: 'car' as const, engine_capacity: 1598, is_private: true },
      };
    }
    return {
      ...ticket,
      settlement_type_id: index % 3 === 0 ? ('booking' as const) : ('ticketScan' as const),
      amount_in_currency: `${40 + index}.50`,
      currency: index % 2 === 0 ? 'PLN' : 'EUR',
    };
  });
  return {
    start_date: at(0),
    end_date: at(336),
    country,
    transport,
    other: Array.from({ length: 5 }, (_, index) => ({
      type_id: 'parking' as const,
      payment_type_id: 'cash' as const,
      amount_in_currency: `${12 + index}.00`,
      currency: index % 2 === 0 ? 'EUR' : 'PLN',
      bill_date: at(24 * (index + 1)).slice(0, 10),
    })),
    advances: [
      { amount_in_currency: '500.00', currency: 'EUR', payment_date: '2026-04-02', status: 'paid' as const },
      { amount_in_currency: '300.00', currency: 'PLN', payment_date: '2026-04-02', status: 'paid' as const },
    ],
  };
}

/** Days with an EUR table around the bench trip (advance payments, costs, settlement). */
export const BENCH_RATE_DAYS = ['2026-04-01', '2026-04-02', '2026-04-17', '2026-04-20', '2026-04-21'];
export const BENCH_SETTLEMENT_DATE = '2026-04-22';

export function benchContext(): SettlementContext {
  const exchangeRates: ExchangeRate[] = BENCH_RATE_DAYS.map((date, index) => ({
    currency: 'EUR',
    date,
    rate: `4.2${index}00`,
    table_no: `0${index}/A/NBP/2026`,
    source: 'nbp',
  }));
  const settings = defaultSystemSettings();
  return {
    rateBook: createRateBook({ exchangeRates }),
    policy: {
      domestic_parts_of_foreign_trip: settings.domestic_parts_of_foreign_trip,
      exchange_rate_date_rule: settings.exchange_rate_date_rule,
      hotel_limit_excess: settings.hotel_limit_excess,
    },
    settlementDate: BENCH_SETTLEMENT_DATE,
  };
}

/**
 * Settlements per second of the engine on a 14-day, 3-country, 20-segment trip, timed for about 2 s
 * after about 2 s of warm-up.
 * The time is the process's CPU time, not the wall clock: on a machine shared with other work the
 * figure then counts what the engine costs, not how long it waited for a core.
 */
export async function benchEngine(): Promise<{ name: string; settlementsPerSecond: number }> {
  const delegation = delegationFormSchema.parse(benchTrip());
  const context = benchContext();
  const warming = process.cpuUsage();
  let warmedMs = 0;
  while (warmedMs < WARM_UP_MS) {
    calculateSettlement(delegation, context);
    const used = process.cpuUsage(warming);
    warmedMs = (used.user + used.system) / 1000;
  }
  let runs = 0;
  const started = process.cpuUsage();
  let elapsedMs = 0;
  while (elapsedMs < DURATION_MS) {
    calculateSettlement(delegation, context);
    runs += 1;
    const used = process.cpuUsage(started);
    elapsedMs = (used.user + used.system) / 1000;
  }
  return {
    name: 'settlement engine: 14-day trip, 3 countries, 20 segments',
    settlementsPerSecond: Math.round((runs / elapsedMs) * 1000),
  };
}
