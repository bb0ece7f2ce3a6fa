import type { UserProperties } from '@delego/contract';
import type { MenuContext, ModuleName, PermissionMap, SystemSettings } from '@delego/domain';
import { MODULES, MODULE_ENABLED, hasPermission, isModuleEnabled, type Permission } from '@delego/domain';

/** True while the user acts on another account (login-as, or a provider admin inside a company). */
export function isActingAsOther(user: UserProperties): boolean {
  return user.context_user_id !== user.user_id;
}

/** Spec §6: while acting as a substitute the context user's permission map applies. */
export function effectivePermissions(user: UserProperties): PermissionMap {
  return isActingAsOther(user) ? user.context_user_permissions : user.permissions;
}

export function userHasPermission(user: UserProperties, name: Permission): boolean {
  return hasPermission(effectivePermissions(user), name);
}

/** The wire carries plain integers; the domain rules take the 1 | 2 flags of the settings schema. */
function moduleFlags(user: UserProperties): SystemSettings['modules'] {
  const flags = {} as SystemSettings['modules'];
  for (const name of MODULES) flags[name] = user.system_settings.modules[name] === MODULE_ENABLED ? 2 : 1;
  return flags;
}

export function userHasModule(user: UserProperties, module: ModuleName): boolean {
  return isModuleEnabled({ modules: moduleFlags(user) }, module);
}

export function menuContextOf(user: UserProperties, waitingCounts?: MenuContext['waitingCounts']): MenuContext {
  return {
    waitingCounts,
    permissions: effectivePermissions(user),
    modules: moduleFlags(user),
    isAdminContext: user.is_admin_context,
    isActingAsOther: isActingAsOther(user),
    isInCompanyContext: user.in_company_context,
    substituteUserCount: user.substitute_user_count,
  };
}
