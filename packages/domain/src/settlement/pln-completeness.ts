import type { CalculatedLine, CalculatedSettlement, SingleCountryCost } from './calculate-settlement.ts';

/**
 * Which PLN amounts of a calculation lack an exchange rate. Without the NBP table an amount in a
 * foreign currency converts to nothing, so its PLN value, and every sum it is part of, would read
 * as a complete figure that is in fact too low: screens and documents show "no rate" instead.
 */
export interface MissingExchangeRates {
  /** Whether any amount lacks a rate (the totals and the balance are then unknown). */
  any: boolean;
  /** Aligned with `singleCountryCost`: the part's PLN total is unknown. */
  countryParts: boolean[];
  transport: boolean;
  mileage: boolean;
  other: boolean;
  advances: boolean;
  /** The foreign currencies whose conversion lacks a rate. */
  currencies: string[];
}

/** Whether the line's PLN amount lacks a rate for at least one of its conversions. */
export function lineLacksExchangeRate(line: CalculatedLine | null | undefined): boolean {
  return line?.conversions.some((conversion) => conversion.exchange_rate === null) ?? false;
}

function countryLines(cost: SingleCountryCost): CalculatedLine[] {
  return [cost.lines.diet, ...cost.lines.accommodation, cost.lines.local_transport, ...cost.lines.transfers];
}

/** Finds the PLN amounts of the calculation that lack an exchange rate. */
export function missingExchangeRates(calculated: CalculatedSettlement): MissingExchangeRates {
  const lacking = (lines: readonly (CalculatedLine | null | undefined)[]) => lines.some(lineLacksExchangeRate);
  const countryParts = calculated.singleCountryCost.map((cost) => lacking(countryLines(cost)));
  const transport = lacking(calculated.transport.filter((line) => line?.kind !== 'mileage'));
  const mileage = lacking(calculated.transport.filter((line) => line?.kind === 'mileage'));
  const other = lacking(calculated.other);
  const advances = lacking(calculated.advances.filter((line) => line?.counted));
  const currencies = new Set<string>();
  const allLines = [
    ...calculated.singleCountryCost.flatMap(countryLines),
    ...calculated.transport,
    ...calculated.other,
    ...calculated.advances,
  ];
  for (const line of allLines) if (line && lineLacksExchangeRate(line)) currencies.add(line.currency);
  return {
    any: currencies.size > 0,
    countryParts,
    transport,
    mileage,
    other,
    advances,
    currencies: [...currencies].sort(),
  };
}
