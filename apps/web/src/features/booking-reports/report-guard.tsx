import type { ComponentType } from 'react';
import { useCurrentUser } from '../../lib/session.tsx';
import { userHasPermission } from '../../lib/user-context.ts';
import { NoPermissionPage } from '../errors/no-permission-page.tsx';

/**
 * Spec §6: reports are disabled without `reportDelegation` (the route guard already checks the booking
 * module); without it the screen shows the 403 view and asks the server nothing.
 */
export function reportScreen(Screen: ComponentType): ComponentType {
  return function ReportScreen() {
    const user = useCurrentUser();
    return userHasPermission(user, 'reportDelegation') ? <Screen /> : <NoPermissionPage />;
  };
}
