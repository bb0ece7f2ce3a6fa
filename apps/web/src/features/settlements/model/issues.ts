import type { Issue } from '@delego/domain';
import { regionsOf } from './countries.ts';
import { hasVehicle, isForeignPart, type SettlementFormValues } from './form-values.ts';

/** The four steps of the settlement form (spec §2). */
export const STEPS = ['general', 'route', 'stay', 'summary'] as const;
export type StepId = (typeof STEPS)[number];

/** An issue path as a field key: `['transport', 1, 'end_date']` → `transport.1.end_date`. */
function pathKey(path: readonly (string | number)[]): string {
  return path.join('.');
}

/** The step whose content the field of an issue belongs to. */
export function stepOfIssue(issue: Issue): StepId {
  const [first] = issue.path;
  switch (first) {
    case 'transport':
      return 'route';
    case 'country':
      return 'stay';
    case 'start_date':
    case 'end_date':
    case 'destinationText':
    case 'destination':
    case 'task':
    case 'task_id':
    case 'user_id':
    case 'cost_centre_id':
    case 'project_id':
    case 'delegation_order_id':
      return 'general';
    // Other costs, advances, the settlement date, missing exchange rates (no path) and rate data.
    default:
      return 'summary';
  }
}

/**
 * Where the form shows an issue: several engine fields have one control on the screen (the meal
 * counts and meals per doba are the meals grid; the vehicle id is the vehicle's kind).
 */
export function fieldKeyOf(issue: Issue): string {
  const path = issue.path;
  if (path[0] === 'country' && typeof path[1] === 'number') {
    const field = path[2];
    if (field === 'breakfast_count' || field === 'lunch_count' || field === 'dinner_count' || field === 'meals_per_doba') {
      return pathKey(['country', path[1], 'meals']);
    }
  }
  // The vehicle is one select: whatever the server says about the record it names shows there.
  if (path[0] === 'transport' && typeof path[1] === 'number' && (path[2] === 'vehicle_id' || path[2] === 'vehicle')) {
    return pathKey(['transport', path[1], 'vehicle_id']);
  }
  return pathKey(path);
}

const GENERAL_FIELDS = new Set(['start_date', 'end_date', 'destinationText', 'task', 'user_id', 'cost_centre_id', 'project_id', 'delegation_order_id']);
const TRANSPORT_FIELDS = new Set([
  'transport_type',
  'settlement_type_id',
  'from_place_text',
  'to_place_text',
  'start_date',
  'end_date',
  'amount_in_currency',
  'currency',
  'distance',
  'comment',
  'file_id',
]);
const COUNTRY_FIELDS = new Set(['country_code', 'in_date', 'out_date', 'meals', 'full_board', 'local_transport_lump_sum', 'accommodation']);
const FOREIGN_COUNTRY_FIELDS = new Set(['hospital', 'transfer_lump_sums']);
const ACCOMMODATION_FIELDS = new Set([
  'settlement_type_id',
  'start_date',
  'end_date',
  'amount_in_currency',
  'currency',
  'comment',
  'acceptor_consent_over_limit',
  'file_id',
]);
const TRANSFER_FIELDS = new Set(['city', 'direction']);
const OTHER_COST_FIELDS = new Set(['type_id', 'payment_type_id', 'amount_in_currency', 'currency', 'bill_number', 'bill_date', 'bill_description', 'file_id']);
const ADVANCE_FIELDS = new Set(['amount_in_currency', 'currency', 'payment_type', 'payment_date', 'status', 'comment']);

/**
 * Whether the screen shows a control for a field key with these values: an issue without one is
 * listed at the top of its step instead (a vehicle field of a train, a region of a country without
 * regions, a list-level rule such as "at least 2 transport segments").
 */
export function isFieldShown(key: string, values: SettlementFormValues): boolean {
  const parts = key.split('.');
  const [area, indexText, field, subIndexText, subField] = parts;
  if (parts.length === 1) return GENERAL_FIELDS.has(key);
  const index = Number(indexText);
  if (!Number.isInteger(index)) return false;
  switch (area) {
    case 'transport': {
      const segment = values.transport[index];
      if (!segment || field === undefined) return false;
      if (parts.length === 3) return TRANSPORT_FIELDS.has(field) || (field === 'vehicle_id' && hasVehicle(segment));
      return false;
    }
    case 'country': {
      const part = values.country[index];
      if (!part || field === undefined) return false;
      if (parts.length === 3) {
        if (field === 'region') return regionsOf(part.country_code).length > 0;
        return COUNTRY_FIELDS.has(field) || (FOREIGN_COUNTRY_FIELDS.has(field) && isForeignPart(part));
      }
      const subIndex = Number(subIndexText);
      if (parts.length !== 5 || !Number.isInteger(subIndex) || subField === undefined) return false;
      if (field === 'accommodation') return part.accommodation[subIndex] !== undefined && ACCOMMODATION_FIELDS.has(subField);
      if (field === 'transfer_lump_sums') return isForeignPart(part) && part.transfer_lump_sums[subIndex] !== undefined && TRANSFER_FIELDS.has(subField);
      return false;
    }
    case 'other':
      return parts.length === 3 && values.other[index] !== undefined && OTHER_COST_FIELDS.has(field ?? '');
    case 'advances':
      return parts.length === 3 && values.advances[index] !== undefined && ADVANCE_FIELDS.has(field ?? '');
    default:
      return false;
  }
}

/** The issues of the latest answer, by field key and by step. */
export interface IssueIndex {
  byField: ReadonlyMap<string, Issue[]>;
  byStep: ReadonlyMap<StepId, Issue[]>;
}

export function indexIssues(issues: readonly Issue[]): IssueIndex {
  const byField = new Map<string, Issue[]>();
  const byStep = new Map<StepId, Issue[]>();
  for (const issue of issues) {
    const key = fieldKeyOf(issue);
    byField.set(key, [...(byField.get(key) ?? []), issue]);
    const step = stepOfIssue(issue);
    byStep.set(step, [...(byStep.get(step) ?? []), issue]);
  }
  return { byField, byStep };
}

/**
 * Keeps field keys in line with a list after its item `removed` was taken out: the item's own keys
 * go, later items move up by one.
 */
export function shiftKeysAfterRemoval(keys: ReadonlySet<string>, listKey: string, removed: number): Set<string> {
  const prefix = `${listKey}.`;
  const shifted = new Set<string>();
  for (const key of keys) {
    if (!key.startsWith(prefix)) {
      shifted.add(key);
      continue;
    }
    const rest = key.slice(prefix.length);
    const dot = rest.indexOf('.');
    const index = Number(dot === -1 ? rest : rest.slice(0, dot));
    const tail = dot === -1 ? '' : rest.slice(dot);
    if (!Number.isInteger(index) || index < removed) shifted.add(key);
    else if (index > removed) shifted.add(`${prefix}${index - 1}${tail}`);
  }
  return shifted;
}
