import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title.ts';
import { useSession } from '../lib/session.tsx';
import { userHasModule, userHasPermission } from '../lib/user-context.ts';
import { AdminContextRequired } from '../features/errors/admin-context-required.tsx';
import { NoPermissionPage } from '../features/errors/no-permission-page.tsx';
import { LazyView } from './lazy-view.tsx';
import { MODULE_NOT_AVAILABLE_PATH, type AppRoute } from './route-model.ts';

/** The route guards of spec §6 that need the user: module flags, companyAdmin, admin context. */
function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { state } = useSession();
  if (route.access === 'public' || route.access === 'any' || state.status !== 'logged') return children;
  const { user } = state;
  const { modules } = route;
  if (modules && !modules.some((module) => userHasModule(user, module))) return <Navigate to={MODULE_NOT_AVAILABLE_PATH} replace />;
  if (route.access === 'companyAdmin' && !userHasPermission(user, 'companyAdmin')) return <NoPermissionPage />;
  if (route.access === 'adminContext' && !user.is_admin_context) return <AdminContextRequired />;
  return children;
}

/** One route of the table: its tab title, its guards, and its screen. */
export function RouteView({ route }: { route: AppRoute }) {
  const { t } = useTranslation('routes');
  const title = t(route.titleKey);
  useDocumentTitle(title);
  return <RouteGuard route={route}><LazyView key={route.path} load={route.load} /></RouteGuard>;
}
