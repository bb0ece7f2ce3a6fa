import { z } from 'zod';

/** One NBP table A: its number, the day it is effective, and the mid rates (PLN per 1 unit). */
export interface NbpTable {
  tableNo: string;
  effectiveDate: string;
  rates: { code: string; mid: string }[];
}

/** Where exchange rates come from; the HTTP one talks to NBP, tests give it recorded answers. */
export interface ExchangeRateProvider {
  /** Every table A published from `from` to `to` (inclusive, `YYYY-MM-DD`); days without a table are simply absent. */
  fetchTables(from: string, to: string): Promise<NbpTable[]>;
}

const tableSchema = z.array(
  z.object({
    table: z.string(),
    no: z.string(),
    effectiveDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    rates: z.array(z.object({ currency: z.string(), code: z.string().length(3), mid: z.number().positive() })),
  }),
);

/** NBP answers at most 93 days per query (api.nbp.pl). */
export const NBP_MAX_DAYS_PER_QUERY = 93;

export class NbpUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NbpUnavailableError';
  }
}

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/**
 * NBP Web API client for table A (`/exchangerates/tables/A/{from}/{to}/`). A 404 means
 * "no table in that window" (weekends, holidays), not an error.
 */
export function createNbpProvider(options: { baseUrl: string; fetchImpl?: typeof fetch; timeoutMs?: number }): ExchangeRateProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  return {
    async fetchTables(from, to) {
      const tables: NbpTable[] = [];
      for (let start = from; start <= to; start = addDays(start, NBP_MAX_DAYS_PER_QUERY)) {
        const endCandidate = addDays(start, NBP_MAX_DAYS_PER_QUERY - 1);
        const end = endCandidate < to ? endCandidate : to;
        const url = `${base}/exchangerates/tables/A/${start}/${end}/?format=json`;
        let response: Response;
        try {
          response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
        } catch (error) {
          throw new NbpUnavailableError(`NBP did not answer for ${start}..${end}`, { cause: error });
        }
        if (response.status === 404) continue;
        if (!response.ok) throw new NbpUnavailableError(`NBP answered ${response.status} for ${start}..${end}`);
        const parsed = tableSchema.safeParse(await response.json());
        if (!parsed.success) throw new NbpUnavailableError(`NBP answered an unexpected shape for ${start}..${end}`);
        for (const table of parsed.data) {
          tables.push({
            tableNo: table.no,
            effectiveDate: table.effectiveDate,
            // JSON numbers print back as their shortest exact decimal (4.646 for "4.6460"), so String() keeps the published value.
            rates: table.rates.map((rate) => ({ code: rate.code.toUpperCase(), mid: String(rate.mid) })),
          });
        }
      }
      return tables;
    },
  };
}
