import type { ComponentType } from 'react';
import { useCurrentUser } from '../../lib/session.tsx';
import { userHasPermission } from '../../lib/user-context.ts';
import { NoPermissionPage } from '../errors/no-permission-page.tsx';

/**
 * Spec §6: the accounting export needs `reportDelegation` (the route guard already checks the module);
 * without it the screen shows the 403 view and asks the server nothing.
 */
export function exportAreaScreen(Screen: ComponentType): ComponentType {
  return function ExportAreaScreen() {
    const user = useCurrentUser();
    return userHasPermission(user, 'reportDelegation') ? <Screen /> : <NoPermissionPage />;
  };
}
