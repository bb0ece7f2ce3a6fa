import type { Issue } from '../common/errors.ts';
import { isValidIpAllowListEntry } from '../auth/ip-allow-list.ts';
import type { SystemSettings } from './system-settings.ts';

/**
 * Rules over the settings beyond their types and ranges: every IP allow-list entry is an
 * address or CIDR range, listed once.
 */
export function validateSystemSettings(settings: Pick<SystemSettings, 'ip_allow_list'>): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  settings.ip_allow_list.forEach((entry, index) => {
    const text = entry.trim().toLowerCase();
    if (!isValidIpAllowListEntry(text)) issues.push({ path: ['ip_allow_list', index], code: 'validation.ipAddress' });
    else if (seen.has(text)) issues.push({ path: ['ip_allow_list', index], code: 'validation.ipDuplicate' });
    seen.add(text);
  });
  return issues;
}
