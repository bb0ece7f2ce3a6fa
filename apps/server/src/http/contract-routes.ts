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
 * the package's exports: a new endpoint is documented, fuzzed and checked against the authorisation
 * matrix as soon as it is declared, with nothing else to register.
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
