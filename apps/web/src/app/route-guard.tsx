import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session.tsx';
import { userHasModule, userHasPermission } from '../lib/user-context.ts';
import { AdminContextRequired } from '../features/errors/admin-context-required.tsx';
import { NoPermissionPage } from '../features/errors/no-permission-page.tsx';
import { MODULE_NOT_AVAILABLE_PATH, type AppRoute } from './route-model.ts';

/**
 * The route guards of spec §6 that need the user: module flags, companyAdmin, admin context. The routes of the table
 * have it (`route-table.ts`); the login routes, public, need none, so the login page does not download it.
 */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { state } = useSession();
  if (route.access === 'public' || route.access === 'any' || state.status !== 'logged') return children;
  const { user } = state;
  const { modules } = route;
  if (modules && !modules.some((module) => userHasModule(user, module))) return <Navigate to={MODULE_NOT_AVAILABLE_PATH} replace />;
  if (route.access === 'companyAdmin' && !userHasPermission(user, 'companyAdmin')) return <NoPermissionPage />;
  if (route.access === 'adminContext' && !user.is_admin_context) return <AdminContextRequired />;
  return children;
}
