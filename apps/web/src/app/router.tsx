import { createBrowserRouter, matchPath, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { LazyAppLayout } from './layouts/lazy-app-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { SessionAwareLayout } from './layouts/session-aware-layout.tsx';
import { LOGIN_ROUTES } from './login-routes.ts';
import { RequireAuth } from './require-auth.tsx';
import { RootErrorView } from './root-error-view.tsx';
import type { AppRoute, RouteAccess } from './route-model.ts';
import { RouteView, type RouteGuardComponent } from './route-view.tsx';

/** The three layouts by their route ids, with the accesses of the routes each holds. */
const LAYOUT_ACCESSES: Record<string, readonly RouteAccess[]> = {
  public: ['public'],
  shell: ['authenticated', 'companyAdmin', 'adminContext'],
  sessionAware: ['any'],
};

function childrenOf(layoutId: string, table: readonly AppRoute[], Guard?: RouteGuardComponent): RouteObject[] {
  const accesses = LAYOUT_ACCESSES[layoutId] ?? [];
  return table.filter((route) => accesses.includes(route.access)).map((route) => ({ path: route.path, element: <RouteView route={route} Guard={Guard} /> }));
}

/**
 * The router's routes and how it learns the rest. It starts with the layouts and the login routes only; the first
 * navigation to any other path fetches the route table (`route-table.ts`, with its screens' loaders and their
 * preload lists, and the guard) and gives the layouts their screens, so the login page downloads none of it (issue 13). Until then
 * an unknown path is not yet a 404: the table decides, its `*` route included. A failed fetch of the table is the
 * navigation's error (the root error view, whose reload loads it again); a later navigation tries again.
 * Each router gets its own (the tests make one per render).
 */
export function appRoutes(): { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  let tableGiven = false;
  const routes: RouteObject[] = [
    {
      element: <RootLayout />,
      errorElement: <RootErrorView />,
      children: [
        { id: 'public', element: <PublicLayout />, children: childrenOf('public', LOGIN_ROUTES) },
        {
          id: 'shell',
          element: (
            <RequireAuth>
              <LazyAppLayout />
            </RequireAuth>
          ),
          children: [],
        },
        { id: 'sessionAware', element: <SessionAwareLayout />, children: [] },
      ],
    },
  ];
  const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch, signal }) => {
    if (tableGiven || LOGIN_ROUTES.some((route) => matchPath(route.path, path))) return;
    const { APP_ROUTES, RouteGuard } = await import('./route-table.ts');
    // A navigation overtaken by another patches nothing (React Router ignores `patch` then): the next one gives the table.
    if (tableGiven || signal.aborted) return;
    const later = APP_ROUTES.filter((route) => !LOGIN_ROUTES.includes(route));
    for (const layoutId of Object.keys(LAYOUT_ACCESSES)) patch(layoutId, childrenOf(layoutId, later, RouteGuard));
    tableGiven = true;
  };
  return { routes, patchRoutesOnNavigation };
}

export function createAppRouter() {
  const { routes, patchRoutesOnNavigation } = appRoutes();
  return createBrowserRouter(routes, { patchRoutesOnNavigation });
}
