/**
 * Generates `src/settlement/rates/foreign-rates.data.ts` from the official foreign per-diem and
 * hotel-limit tables (the annex of Dz.U. 2013 poz. 167, and the annex as replaced by
 * Dz.U. 2022 poz. 2302 from 2022-11-29), kept as effective-dated CSV files in `shared/data/per-diem/`.
 *
 * The domain does no I/O at run time, so the tables are compiled into a TypeScript module; this
 * script is the only Node code of the package. Run it whenever a CSV changes:
 *
 *   npx tsx packages/domain/scripts/generate-foreign-rates.ts [csv-directory] [--check]
 *
 * `--check` writes nothing and fails when the committed module differs from what the CSVs give.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repositoryRoot = resolve(packageRoot, '../..');
const defaultCsvDirectory = resolve(repositoryRoot, '../shared/data/per-diem');
const outputFile = join(packageRoot, 'src/settlement/rates/foreign-rates.data.ts');

const EXPECTED_HEADER = 'country_pl,country_iso2,currency,per_diem,hotel_limit,valid_from,valid_to,sources';

/** The regulation that set each table, keyed by the table's first day. */
const LEGAL_BASIS_BY_VALID_FROM: Record<string, string> = {
  '2013-03-01': 'Dz.U. 2013 poz. 167, załącznik',
  '2022-11-29': 'Dz.U. 2022 poz. 2302, załącznik',
};

/**
 * Rows that share a country code are city regions of that country (the annex lists New York and
 * Washington apart from the rest of the USA). The region code is a stable camelCase key; the base
 * row of the country has no region.
 */
const REGION_BY_NAME_FRAGMENT: readonly { fragment: string; region: string | null }[] = [
  // First: the base row's name ("poza Nowym Jorkiem i Waszyngtonem") mentions both cities.
  { fragment: '(poza ', region: null },
  { fragment: 'Nowy Jork', region: 'newYork' },
  { fragment: 'Waszyngton', region: 'washington' },
];

interface OutputRow {
  country_code: string | null;
  region: string | null;
  name_pl: string;
  currency: string;
  per_diem: string;
  hotel_limit: string;
  valid_from: string;
  valid_to: string | null;
  legal_basis: string;
}

/** Splits one CSV line, honouring double-quoted fields (the annex names contain no quotes today). */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (quoted) {
      if (character === '"' && line[index + 1] === '"') {
        current += '"';
        index += 1;
      } else if (character === '"') {
        quoted = false;
      } else {
        current += character;
      }
    } else if (character === '"') {
      quoted = true;
    } else if (character === ',') {
      fields.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  fields.push(current);
  return fields;
}

/** Orders codes alphabetically with the "other countries" row (null) last. */
function compareNullLast(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function fail(message: string): never {
  throw new Error(`generate-foreign-rates: ${message}`);
}

function regionOf(name: string, sharesCode: boolean): string | null {
  if (!sharesCode) return null;
  const match = REGION_BY_NAME_FRAGMENT.find((candidate) => name.includes(candidate.fragment));
  if (!match) fail(`"${name}" shares its country code with another row but names no known region`);
  return match.region;
}

function parseCsv(file: string): OutputRow[] {
  const lines = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  if (lines[0] !== EXPECTED_HEADER) fail(`${file}: unexpected header "${lines[0]}"`);
  const records = lines.slice(1).map((line, index) => {
    const fields = splitCsvLine(line);
    if (fields.length !== 8) fail(`${file}:${index + 2}: expected 8 fields, got ${fields.length}`);
    const [name, codes, currency, perDiem, hotelLimit, validFrom, validTo] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!/^[A-Z]{3}$/.test(currency)) fail(`${file}:${index + 2}: bad currency "${currency}"`);
    if (!/^\d+(\.\d+)?$/.test(perDiem) || !/^\d+(\.\d+)?$/.test(hotelLimit))
      fail(`${file}:${index + 2}: bad amount`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(validFrom)) fail(`${file}:${index + 2}: bad valid_from "${validFrom}"`);
    if (validTo !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(validTo))
      fail(`${file}:${index + 2}: bad valid_to "${validTo}"`);
    // An empty code is the annex's "Państwa inne niż wymienione" row; "RS;ME" is one row for two countries.
    const countryCodes = codes === '' ? [null] : codes.split(';').map((code) => code.trim());
    for (const code of countryCodes) {
      if (code !== null && !/^[A-Z]{2}$/.test(code)) fail(`${file}:${index + 2}: bad country code "${code}"`);
    }
    const legalBasis =
      LEGAL_BASIS_BY_VALID_FROM[validFrom] ?? fail(`${file}: no legal basis known for ${validFrom}`);
    return {
      name,
      countryCodes,
      currency,
      perDiem,
      hotelLimit,
      validFrom,
      validTo: validTo === '' ? null : validTo,
      legalBasis,
    };
  });
  const codeCounts = new Map<string | null, number>();
  for (const record of records) {
    for (const code of record.countryCodes) codeCounts.set(code, (codeCounts.get(code) ?? 0) + 1);
  }
  return records.flatMap((record) =>
    record.countryCodes.map((code) => ({
      country_code: code,
      region: regionOf(record.name, (codeCounts.get(code) ?? 0) > 1),
      name_pl: record.name,
      currency: record.currency,
      per_diem: record.perDiem,
      hotel_limit: record.hotelLimit,
      valid_from: record.validFrom,
      valid_to: record.validTo,
      legal_basis: record.legalBasis,
    })),
  );
}

/** The module text: one tuple per row (short enough to read as a table), formatted by Prettier. */
async function render(rows: readonly OutputRow[], sources: readonly string[]): Promise<string> {
  const legalBases = [...new Set(rows.map((row) => row.legal_basis))];
  const tuples = rows
    .map((row) => {
      const values = [
        row.country_code,
        row.region,
        row.name_pl,
        row.currency,
        row.per_diem,
        row.hotel_limit,
        row.valid_from,
        row.valid_to,
      ];
      return `  [${values.map((value) => (value === null ? 'null' : `'${value}'`)).join(', ')}, ${legalBases.indexOf(row.legal_basis)}],`;
    })
    .join('\n');
  const source = `// Generated by packages/domain/scripts/generate-foreign-rates.ts from ${sources.join(', ')}.
// Do not edit by hand: change the CSV files and run the script again.
import type { StatutoryForeignRateRow } from './statutory-rates.ts';

const LEGAL_BASES = ${JSON.stringify(legalBases).replaceAll('"', "'")} as const;

type Row = [string | null, string | null, string, string, string, string, string, string | null, ${legalBases.map((_, index) => index).join(' | ')}];

// country_code, region, name_pl, currency, per_diem, hotel_limit, valid_from, valid_to, legal basis index
const ROWS: readonly Row[] = [
${tuples}
];

/**
 * The foreign per-diem and hotel-limit annex, effective-dated: the 2013 annex (Dz.U. 2013 poz. 167)
 * until 2022-11-28 and the annex replaced by Dz.U. 2022 poz. 2302 from 2022-11-29.
 * \`country_code: null\` is the annex's row for every country not listed ("Państwa inne niż wymienione").
 */
export const FOREIGN_PER_DIEM_ROWS: readonly StatutoryForeignRateRow[] = ROWS.map(
  ([country_code, region, name_pl, currency, per_diem, hotel_limit, valid_from, valid_to, basis]) => ({
    country_code,
    region,
    name_pl,
    currency,
    per_diem,
    hotel_limit,
    valid_from,
    valid_to,
    legal_basis: LEGAL_BASES[basis],
  }),
);
`;
  const options = (await resolveConfig(outputFile)) ?? {};
  return format(source, { ...options, parser: 'typescript', filepath: outputFile });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const directory = resolve(args.find((arg) => !arg.startsWith('--')) ?? defaultCsvDirectory);
  const files = readdirSync(directory)
    .filter((file) => file.startsWith('foreign-rates-') && file.endsWith('.csv'))
    .sort();
  if (files.length === 0) fail(`no foreign-rates-*.csv in ${directory}`);
  const rows = files
    .flatMap((file) => parseCsv(join(directory, file)))
    .sort(
      (a, b) =>
        compareNullLast(a.country_code, b.country_code) ||
        (a.region ?? '').localeCompare(b.region ?? '') ||
        a.valid_from.localeCompare(b.valid_from),
    );
  const keys = new Set<string>();
  for (const row of rows) {
    const key = `${row.country_code ?? '*'}|${row.region ?? ''}|${row.valid_from}`;
    if (keys.has(key)) fail(`two rows for ${key}`);
    keys.add(key);
  }
  const output = await render(rows, files);
  if (check) {
    const current = readFileSync(outputFile, 'utf8');
    if (current !== output) fail(`${outputFile} is out of date; run the generator`);
    return;
  }
  writeFileSync(outputFile, output);
  process.stdout.write(`wrote ${rows.length} rows to ${outputFile}\n`);
}

await main();
