import type { AppRoute } from './route-model.ts';

/**
 * The login routes, the only screens the router knows before its first navigation beyond them (`router.tsx`); the
 * rest of the table (`route-table.ts`) arrives then, so the login page does not download it (issue 13). They need
 * only the login page's messages (FIRST_SCREEN_MESSAGE_FILES), already loaded before the first render, and no query
 * client.
 */
export const LOGIN_ROUTES: readonly AppRoute[] = [
  { path: '/login', titleKey: 'login', access: 'public', load: () => import('../features/auth/login-page.tsx').then((m) => m.LoginPage) },
  { path: '/login/:address', titleKey: 'login', access: 'public', load: () => import('../features/auth/login-page.tsx').then((m) => m.LoginPage) },
  { path: '/login-admin', titleKey: 'loginAdmin', access: 'public', load: () => import('../features/auth/login-page.tsx').then((m) => m.AdminLoginPage) },
];
