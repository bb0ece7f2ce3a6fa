import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permissions.ts';
import { PERMISSION_GROUPS, isGrantablePermission } from './permission-groups.ts';
import { allowedParentRoles, roleParentHasLoop } from './role-rules.ts';
import { isValidIpAllowListEntry } from './ip-allow-list.ts';
import { validateSystemSettings } from '../settings/system-settings-rules.ts';

describe('role inheritance', () => {
  const roles = [
    { id: 1, parent_role_id: null },
    { id: 2, parent_role_id: 1 },
    { id: 3, parent_role_id: 2 },
    { id: 4, parent_role_id: null },
  ];
  const parentOf = new Map(roles.map((role) => [role.id, role.parent_role_id]));

  it('refuses a parent that inherits from the role, or the role itself', () => {
    expect(roleParentHasLoop(1, 3, parentOf)).toBe(true);
    expect(roleParentHasLoop(2, 2, parentOf)).toBe(true);
  });

  it('allows an unrelated parent, an ancestor, and any parent of a new role', () => {
    expect(roleParentHasLoop(3, 4, parentOf)).toBe(false);
    expect(roleParentHasLoop(3, 1, parentOf)).toBe(false);
    expect(roleParentHasLoop(null, 3, parentOf)).toBe(false);
  });

  it('offers only the parents that keep the tree a tree', () => {
    expect(allowedParentRoles(1, roles).map((role) => role.id)).toEqual([4]);
    expect(allowedParentRoles(null, roles).map((role) => role.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('permission groups', () => {
  it('place every permission of the catalogue in exactly one group', () => {
    const grouped = PERMISSION_GROUPS.flatMap((group) => group.permissions);
    expect([...grouped].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('keep the provider permissions to the provider-admin context', () => {
    expect(isGrantablePermission('SuperAdmin', false)).toBe(false);
    expect(isGrantablePermission('SuperAdmin', true)).toBe(true);
    expect(isGrantablePermission('companyAdmin', false)).toBe(true);
  });
});

describe('IP allow-list entries', () => {
  it('accept addresses and ranges of both families', () => {
    for (const entry of ['192.168.1.10', '10.0.0.0/8', '0.0.0.0/0', '2001:db8::1', '2001:db8::/32', '::1']) {
      expect(isValidIpAllowListEntry(entry), entry).toBe(true);
    }
  });

  it('refuse malformed addresses and prefixes too long for the family', () => {
    for (const entry of ['', '256.1.1.1', '10.0.0', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/1', 'host.example', '2001:db8::/129', '10.0.0.0/-1']) {
      expect(isValidIpAllowListEntry(entry), entry).toBe(false);
    }
  });

  it('are reported at their index, duplicates too', () => {
    expect(validateSystemSettings({ ip_allow_list: ['10.0.0.1', 'nope', '10.0.0.1'] })).toEqual([
      { path: ['ip_allow_list', 1], code: 'validation.ipAddress' },
      { path: ['ip_allow_list', 2], code: 'validation.ipDuplicate' },
    ]);
  });
});
