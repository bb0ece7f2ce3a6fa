import { createBrowserRouter, type RouteObject } from 'react-router';
import { LazyAppLayout } from './layouts/lazy-app-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { SessionAwareLayout } from './layouts/session-aware-layout.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootErrorView } from './root-error-view.tsx';
import { RouteView } from './route-view.tsx';
import { APP_ROUTES, type AppRoute, type RouteAccess } from './route-table.ts';

function childrenWith(accesses: readonly RouteAccess[]): RouteObject[] {
  return APP_ROUTES.filter((route) => accesses.includes(route.access)).map((route: AppRoute) => ({
    path: route.path,
    element: <RouteView route={route} />,
  }));
}

/** The route tree built from the route table; shared by the browser router and the tests. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootErrorView />,
    children: [
      { element: <PublicLayout />, children: childrenWith(['public']) },
      {
        element: (
          <RequireAuth>
            <LazyAppLayout />
          </RequireAuth>
        ),
        children: childrenWith(['authenticated', 'companyAdmin', 'adminContext']),
      },
      { element: <SessionAwareLayout />, children: childrenWith(['any']) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
