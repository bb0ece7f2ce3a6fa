import type { z } from 'zod';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Texts that satisfy the contract's usual formats: names, days, times, amounts, codes, e-mails, masks. */
const TEXT_CANDIDATES = [
  'Nazwa testowa',
  '2026-03-10',
  '2026-03-10 08:00',
  '08:00',
  '12.50',
  '4.123456',
  'EUR',
  'PL',
  'test@example.com',
  'polityka-podrozy',
  '5260250274',
  '00-950',
  '+48 600 700 800',
  'uzytkownik1',
  'PW/[N]/[YYYY]',
  'Opis dłuższy niż dziesięć znaków',
  'Abcdef-12345!x',
  '2026-03',
  'a',
];
const NUMBER_CANDIDATES = [1, 10, 100, 1000, 0];

function firstAccepted<T>(schema: z.ZodType, candidates: readonly T[]): T | undefined {
  return candidates.find((candidate) => schema.safeParse(candidate).success);
}

/**
 * A plausible value of a zod schema, with every optional field present, as the base the fuzzer
 * mutates: objects with all their keys, one element per array, the first option of an enum or a
 * union, a short text, the number 1.
 */
export function sampleOf(schema: z.ZodType | undefined, depth = 0): Json {
  if (!schema || depth > 12) return null;
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'object': {
      const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
      return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, sampleOf(field, depth + 1)]));
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleOf(def.innerType as z.ZodType, depth + 1);
    case 'pipe':
      // A refinement or transform after the type: ask the whole pipe which candidate it takes.
      return firstAccepted(schema, TEXT_CANDIDATES) ?? firstAccepted(schema, NUMBER_CANDIDATES) ?? sampleOf(def.in as z.ZodType, depth + 1);
    case 'lazy':
      return sampleOf((def.getter as () => z.ZodType)(), depth + 1);
    case 'array':
      return [sampleOf(def.element as z.ZodType, depth + 1)];
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => sampleOf(item, depth + 1));
    case 'union':
      return sampleOf((def.options as z.ZodType[])[0], depth + 1);
    case 'intersection':
      return sampleOf(def.left as z.ZodType, depth + 1);
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0] ?? 'a';
    case 'literal':
      return (def.values as Json[])[0] ?? null;
    case 'string':
      return firstAccepted(schema, TEXT_CANDIDATES) ?? 'abc';
    case 'number':
    case 'int':
    case 'bigint':
      return firstAccepted(schema, NUMBER_CANDIDATES) ?? 1;
    case 'boolean':
      return true;
    case 'record':
      return {};
    default:
      return null;
  }
}

/** The keys of an object schema (a query's parameters), or none. */
export function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}
