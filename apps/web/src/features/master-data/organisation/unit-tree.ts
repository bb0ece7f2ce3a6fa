import { ancestorIds } from '@delego/domain';
import type { OrganizationUnitDto } from '@delego/contract';

export interface UnitNode {
  unit: OrganizationUnitDto;
  depth: number;
}

/** The units in tree order (each parent before its children, siblings by name), with their depth. */
export function flattenTree(units: readonly OrganizationUnitDto[]): UnitNode[] {
  const children = new Map<number | null, OrganizationUnitDto[]>();
  const ids = new Set(units.map((unit) => unit.id));
  for (const unit of units) {
    // A unit whose parent is missing is shown at the top rather than lost.
    const parent = unit.parent_id !== null && ids.has(unit.parent_id) ? unit.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), unit]);
  }
  const result: UnitNode[] = [];
  const visit = (parent: number | null, depth: number) => {
    const siblings = [...(children.get(parent) ?? [])].sort((a, b) => Number(b.is_main) - Number(a.is_main) || a.name.localeCompare(b.name, 'pl'));
    for (const unit of siblings) {
      result.push({ unit, depth });
      visit(unit.id, depth + 1);
    }
  };
  visit(null, 0);
  return result;
}

/** The units a unit may move under: not itself and not below itself. */
export function possibleParents(units: readonly OrganizationUnitDto[], unitId: number | null): UnitNode[] {
  return flattenTree(units).filter(({ unit }) => unitId === null || (unit.id !== unitId && !ancestorIds(units, unit.id).includes(unitId)));
}

/** A unit's name with its place in the tree, e.g. "Firma › Sprzedaż › Zespół A". */
export function unitPath(units: readonly OrganizationUnitDto[], unitId: number): string {
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  return [...ancestorIds(units, unitId).reverse(), unitId].map((id) => byId.get(id)?.name ?? '').join(' › ');
}
