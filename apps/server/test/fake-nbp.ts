import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface RecordedTable {
  effectiveDate: string;
}

const tables: RecordedTable[] = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/nbp/tables-a.json'), 'utf8'),
);

/**
 * A `fetch` that answers NBP table A range queries from the recorded tables,
 * with NBP's plain-text 404 when the window holds none. Records every URL asked.
 */
export function createFakeNbpFetch(): typeof fetch & { urls: string[] } {
  const urls: string[] = [];
  const fake = (async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    urls.push(url);
    const match = /\/exchangerates\/tables\/A\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})\//.exec(url);
    if (!match) return new Response('400 BadRequest - Błędny zakres dat / Invalid date range', { status: 400 });
    const [, from, to] = match;
    const found = tables.filter((table) => table.effectiveDate >= from! && table.effectiveDate <= to!);
    if (found.length === 0) return new Response('404 NotFound - Not Found - Brak danych', { status: 404, headers: { 'content-type': 'text/plain' } });
    return new Response(JSON.stringify(found), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch & { urls: string[] };
  fake.urls = urls;
  return fake;
}
