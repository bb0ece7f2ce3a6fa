import type { Issue } from '../common/errors.ts';

/** What the structure rules of spec §5 need to know about a unit. */
export interface OrganizationUnitFacts {
  id: number;
  parent_id: number | null;
  is_main: boolean;
  user_count: number;
  child_count: number;
}

/**
 * Spec §5 Organisation structure: the main unit cannot be deleted, nor a unit with users or
 * child units. The issues name the reason; the screen shows it beside the unit.
 */
export function organizationUnitDeleteIssues(unit: OrganizationUnitFacts): Issue[] {
  if (unit.is_main) return [{ path: ['id'], code: 'organizationUnit.mainCannotBeDeleted' }];
  const issues: Issue[] = [];
  if (unit.child_count > 0) issues.push({ path: ['id'], code: 'organizationUnit.hasChildren', params: { count: unit.child_count } });
  if (unit.user_count > 0) issues.push({ path: ['id'], code: 'organizationUnit.hasUsers', params: { count: unit.user_count } });
  return issues;
}

/** The units above `unitId`, nearest first; stops at a unit already seen, so a broken tree cannot loop. */
export function ancestorIds(units: readonly Pick<OrganizationUnitFacts, 'id' | 'parent_id'>[], unitId: number): number[] {
  const parentOf = new Map(units.map((unit) => [unit.id, unit.parent_id]));
  const seen = new Set<number>([unitId]);
  const result: number[] = [];
  let current = parentOf.get(unitId) ?? null;
  while (current !== null && !seen.has(current)) {
    result.push(current);
    seen.add(current);
    current = parentOf.get(current) ?? null;
  }
  return result;
}

/**
 * The parent rules of spec §5 for saving a unit (`unit` null when creating): the main unit has
 * no parent, every other unit has one, a unit with children keeps its parent, and no unit may
 * end up below itself.
 */
export function organizationUnitParentIssues(
  units: readonly OrganizationUnitFacts[],
  unit: OrganizationUnitFacts | null,
  parentId: number | null,
): Issue[] {
  const path = ['parent_id'];
  if (unit?.is_main) return parentId === null ? [] : [{ path, code: 'organizationUnit.mainHasNoParent' }];
  if (parentId === null) return [{ path, code: 'global.error.required' }];
  if (!unit || unit.parent_id === parentId) return [];
  if (unit.child_count > 0) return [{ path, code: 'organizationUnit.parentLocked' }];
  if (parentId === unit.id || ancestorIds(units, parentId).includes(unit.id)) return [{ path, code: 'organizationUnit.cycle' }];
  return [];
}
