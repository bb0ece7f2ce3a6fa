/**
 * Whether giving role `roleId` the parent `parentId` would make a role inherit from
 * itself (spec §5: "group inheritance must not loop"). `parentOf` maps each role to its
 * parent. A new role (`roleId` null) cannot close a loop.
 */
export function roleParentHasLoop(roleId: number | null, parentId: number | null, parentOf: ReadonlyMap<number, number | null>): boolean {
  if (parentId === null || roleId === null) return false;
  const seen = new Set<number>();
  for (let current: number | null | undefined = parentId; current !== null && current !== undefined; current = parentOf.get(current)) {
    if (current === roleId) return true;
    // A loop already stored above the new parent does not involve this role.
    if (seen.has(current)) return false;
    seen.add(current);
  }
  return false;
}

/** The roles a role may take as its parent: every other role that does not inherit from it. */
export function allowedParentRoles<T extends { id: number; parent_role_id: number | null }>(roleId: number | null, roles: readonly T[]): T[] {
  const parentOf = new Map(roles.map((role) => [role.id, role.parent_role_id]));
  return roles.filter((role) => role.id !== roleId && !roleParentHasLoop(roleId, role.id, parentOf));
}
