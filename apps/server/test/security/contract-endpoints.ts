import type { z } from 'zod';
import * as contract from '@delego/contract';
import type { Endpoint } from '@delego/contract';

/** One endpoint of the contract under its route key, e.g. `POST /settings/cost-centre/delete`. */
export interface ContractRoute {
  key: string;
  /** Where the contract declares it, e.g. `costCentreApi.delete`. */
  name: string;
  endpoint: Endpoint;
}

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value && 'summary' in value;
}

/**
 * Every endpoint the contract exports (the `…Api` objects of `@delego/contract`), found by walking
 * the package's exports: a new endpoint is fuzzed and checked against the authorisation matrix as
 * soon as it is declared, with nothing else to register.
 */
export function contractRoutes(): ContractRoute[] {
  const routes = new Map<string, ContractRoute>();
  for (const [exportName, value] of Object.entries(contract)) {
    if (typeof value !== 'object' || value === null || '_zod' in value) continue;
    for (const [name, candidate] of Object.entries(value as Record<string, unknown>)) {
      if (!isEndpoint(candidate)) continue;
      const key = `${candidate.method} ${candidate.path}`;
      if (!routes.has(key)) routes.set(key, { key, name: `${exportName}.${name}`, endpoint: candidate });
    }
  }
  return [...routes.values()].sort((a, b) => a.key.localeCompare(b.key));
}

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
