/** One line of the before/after view: a field path and its two values as text. */
export interface DiffRow {
  field: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) into.set(prefix, '{}');
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  if (!prefix) return;
  if (value === null || value === undefined) into.set(prefix, '');
  else if (Array.isArray(value)) into.set(prefix, value.every((item) => typeof item !== 'object' || item === null) ? value.join(', ') : JSON.stringify(value));
  else into.set(prefix, String(value));
}

/** Before and after side by side, field by field, in the order the fields first appear. */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const old = new Map<string, string>();
  const next = new Map<string, string>();
  flatten(before, '', old);
  flatten(after, '', next);
  const fields = [...new Set([...old.keys(), ...next.keys()])];
  return fields.map((field) => {
    const oldValue = old.has(field) ? old.get(field)! : null;
    const newValue = next.has(field) ? next.get(field)! : null;
    return { field, before: oldValue, after: newValue, changed: oldValue !== newValue };
  });
}

/** Instants as Warsaw wall time, `YYYY-MM-DD HH:mm:ss` (spec §9 date formats). */
export function formatWarsawTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
