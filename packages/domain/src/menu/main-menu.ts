import type { PermissionMap, Permission } from '../auth/permissions.ts';
import { hasAnyPermission } from '../auth/permissions.ts';
import type { SystemSettings } from '../settings/system-settings.ts';
import { isModuleEnabled, type ModuleName } from '../settings/modules.ts';

/** What decides whether a menu item is shown: the visibility rules of spec §6. */
export interface MenuContext {
  permissions: PermissionMap;
  modules: SystemSettings['modules'];
  /** True in the provider-admin context (company `admin`, negative user id). */
  isAdminContext: boolean;
  /** True while acting as another user (login-as or a provider admin inside a company). */
  isActingAsOther: boolean;
  /** True while a provider administrator acts in a company's context: the way back is to the admin context. */
  isInCompanyContext?: boolean;
  /** How many absent users one may log in as (badge on "substitutes"). */
  substituteUserCount: number;
  /** What waits for the user's decision (badges on the lists it waits on). */
  waitingCounts?: { orders: number; settlements: number; advances: number };
}

export interface MenuItem {
  /** Translation key under `menu.` and a stable test id. */
  key: string;
  path: string;
  children?: MenuItem[];
  badge?: number;
}

interface MenuRule {
  key: string;
  path: string;
  visible: (ctx: MenuContext) => boolean;
  children?: MenuRule[];
}

const moduleOn = (ctx: MenuContext, module: ModuleName) => isModuleEnabled({ modules: ctx.modules }, module);
const anyOf = (ctx: MenuContext, names: Permission[]) => hasAnyPermission(ctx.permissions, names);
const always = () => true;

const COMPANY_MENU: MenuRule[] = [
  {
    key: 'travelOrders',
    path: '/travel-service',
    visible: (ctx) => moduleOn(ctx, 'travel_service') && anyOf(ctx, ['travelOrder', 'travelOrderSelf']),
  },
  {
    key: 'bookings',
    path: '/booking',
    visible: (ctx) =>
      (moduleOn(ctx, 'all_bookings') || moduleOn(ctx, 'flight_bookings')) &&
      anyOf(ctx, ['viewBookings', 'viewAllBookings', 'viewBookingAssigned', 'bookingMapping']),
  },
  {
    key: 'delegations',
    path: '/delegation',
    visible: (ctx) => moduleOn(ctx, 'delegation'),
    children: [
      { key: 'advances', path: '/delegation-advance', visible: always },
      { key: 'orders', path: '/delegation-order', visible: always },
      { key: 'settlements', path: '/delegation', visible: always },
      { key: 'extraInfo', path: '/delegation-info', visible: always },
      { key: 'delegationAdministration', path: '/settings/delegation-rate', visible: (ctx) => anyOf(ctx, ['companyAdmin']) },
    ],
  },
  { key: 'administration', path: '/settings/users', visible: (ctx) => anyOf(ctx, ['companyAdmin']) },
  { key: 'invoices', path: '/invoices', visible: (ctx) => anyOf(ctx, ['viewInvoices', 'companyAdmin', 'SuperAdmin']) },
  { key: 'reports', path: '/report', visible: (ctx) => anyOf(ctx, ['reportDelegation']) },
  {
    key: 'accountingExport',
    path: '/optima',
    visible: (ctx) => anyOf(ctx, ['reportDelegation']) && moduleOn(ctx, 'accounting_export'),
  },
  { key: 'delegationInfo', path: '/delegation-info', visible: (ctx) => moduleOn(ctx, 'delegation') },
  { key: 'profile', path: '/profile/my-profile', visible: always },
  {
    key: 'substitutes',
    path: '/substitutes',
    visible: (ctx) => moduleOn(ctx, 'travel_service') || moduleOn(ctx, 'delegation'),
  },
  { key: 'backToOwnAccount', path: '/login-back', visible: (ctx) => ctx.isActingAsOther && !ctx.isInCompanyContext },
  { key: 'backToAdminContext', path: '/log-in-back-admin-context', visible: (ctx) => ctx.isInCompanyContext === true },
  { key: 'logout', path: '/logout', visible: always },
];

/** The provider-admin menu (spec §2); each screen shows to the holder of its provider permission (§6) or of SuperAdmin. */
const ADMIN_MENU: MenuRule[] = [
  {
    key: 'adminOrdersByType',
    path: '/admin/travel-service/all',
    visible: always,
    children: ['hotel', 'flight', 'lowCost', 'car', 'rail', 'insurance', 'special'].map((type) => ({
      key: `adminOrders.${type}`,
      path: `/admin/travel-service/by-type/${type}`,
      visible: always,
    })),
  },
  { key: 'adminCompanies', path: '/admin/companies', visible: (ctx) => anyOf(ctx, ['SuperAdmin', 'manageCompanies']) },
  { key: 'adminUsers', path: '/admin/users', visible: (ctx) => anyOf(ctx, ['SuperAdmin', 'mainDbUserManage']) },
  { key: 'adminMailing', path: '/admin/mailing', visible: (ctx) => anyOf(ctx, ['SuperAdmin', 'manageMailingList']) },
  { key: 'adminSystemSettings', path: '/admin/system-settings', visible: (ctx) => anyOf(ctx, ['SuperAdmin', 'mainDbSettings']) },
  { key: 'logout', path: '/logout', visible: always },
];

function badgeOf(key: string, ctx: MenuContext): number {
  switch (key) {
    case 'substitutes':
      return ctx.substituteUserCount;
    case 'orders':
    case 'settlements':
    case 'advances':
      return ctx.waitingCounts?.[key] ?? 0;
    default:
      return 0;
  }
}

function build(rules: MenuRule[], ctx: MenuContext): MenuItem[] {
  const items: MenuItem[] = [];
  for (const rule of rules) {
    if (!rule.visible(ctx)) continue;
    const item: MenuItem = { key: rule.key, path: rule.path };
    if (rule.children) item.children = build(rule.children, ctx);
    const badge = badgeOf(rule.key, ctx);
    if (badge > 0) item.badge = badge;
    items.push(item);
  }
  return items;
}

/** The main menu a user sees, after the permission and module rules of spec §6. */
export function buildMainMenu(ctx: MenuContext): MenuItem[] {
  return build(ctx.isAdminContext ? ADMIN_MENU : COMPANY_MENU, ctx);
}

/** Menu widths in pixels (spec §9). */
export const MENU_WIDTH = { expanded: 325, collapsed: 80, externalUser: 55 } as const;

/**
 * The modules a route prefix needs (spec §6 route guards): the route is open when any
 * of them is enabled; otherwise guards send users to the module-not-available page.
 */
export const ROUTE_MODULES: ReadonlyArray<{ prefix: string; modules: readonly ModuleName[] }> = [
  { prefix: '/delegation', modules: ['delegation'] },
  { prefix: '/delegation-order', modules: ['delegation'] },
  { prefix: '/delegation-advance', modules: ['delegation'] },
  { prefix: '/delegation-info', modules: ['delegation'] },
  { prefix: '/travel-service', modules: ['travel_service'] },
  { prefix: '/optima', modules: ['accounting_export'] },
  { prefix: '/booking', modules: ['all_bookings', 'flight_bookings'] },
  { prefix: '/substitutes', modules: ['travel_service', 'delegation'] },
];

/** The modules a path requires (any one suffices), or null when it needs none. */
export function modulesForPath(path: string): readonly ModuleName[] | null {
  const match = ROUTE_MODULES.filter(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`)).sort(
    (a, b) => b.prefix.length - a.prefix.length,
  )[0];
  return match?.modules ?? null;
}

/** Whether a path is open under the company's module flags. */
export function isPathAvailable(path: string, modules: SystemSettings['modules']): boolean {
  const needed = modulesForPath(path);
  return needed === null || needed.some((module) => isModuleEnabled({ modules }, module));
}
