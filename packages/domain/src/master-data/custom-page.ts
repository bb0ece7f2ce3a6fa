import type { Issue } from '../common/errors.ts';

/** The alias of the trip-policy page, shown at /delegation-info/trip-policy. */
export const TRIP_POLICY_ALIAS = 'trip-policy';

/**
 * Sub-paths of /delegation-info that are screens of their own (spec §2); a custom page with one
 * of these aliases could never be opened, so they are refused like a taken alias.
 */
export const RESERVED_PAGE_ALIASES: readonly string[] = ['vehicle', 'delegation-task', 'delegation-rate', 'exchange-rate', TRIP_POLICY_ALIAS];

export const CUSTOM_PAGE_ALIAS_MAX_LENGTH = 64;

/** Lowercase letters, digits and single dashes between them: the alias is a path segment. */
const ALIAS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The alias rules that need no database: required, format, length, not a fixed route. */
export function customPageAliasIssues(alias: string): Issue[] {
  const path = ['alias'];
  if (alias.length === 0) return [{ path, code: 'global.error.required' }];
  if (alias.length > CUSTOM_PAGE_ALIAS_MAX_LENGTH) return [{ path, code: 'validation.tooLong' }];
  if (!ALIAS_PATTERN.test(alias)) return [{ path, code: 'customPage.aliasFormat' }];
  if (RESERVED_PAGE_ALIASES.includes(alias)) return [{ path, code: 'customPage.aliasReserved' }];
  return [];
}
