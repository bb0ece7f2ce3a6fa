import { describe, expect, it } from 'vitest';
import { auditDiff, formatWarsawTime } from './audit-diff.ts';

describe('audit diff', () => {
  it('lines up nested fields and marks what changed', () => {
    expect(auditDiff({ name: 'A', modules: { delegation: 2 }, role_ids: [1, 2] }, { name: 'B', modules: { delegation: 2 }, role_ids: [1], extra: null })).toEqual([
      { field: 'name', before: 'A', after: 'B', changed: true },
      { field: 'modules.delegation', before: '2', after: '2', changed: false },
      { field: 'role_ids', before: '1, 2', after: '1', changed: true },
      { field: 'extra', before: null, after: '', changed: true },
    ]);
  });

  it('shows a creation as values after only', () => {
    expect(auditDiff(null, { login: 'ewa' })).toEqual([{ field: 'login', before: null, after: 'ewa', changed: true }]);
  });

  it('prints instants in Warsaw time, across daylight saving', () => {
    expect(formatWarsawTime('2025-01-14T23:30:00Z')).toBe('2025-01-15 00:30:00');
    expect(formatWarsawTime('2025-07-01T10:00:05Z')).toBe('2025-07-01 12:00:05');
  });
});
