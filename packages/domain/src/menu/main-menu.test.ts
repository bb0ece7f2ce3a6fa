import { describe, expect, it } from 'vitest';
import { buildMainMenu, isPathAvailable, type MenuContext } from './main-menu.ts';
import { toPermissionMap, type Permission } from '../auth/permissions.ts';
import { defaultSystemSettings } from '../settings/system-settings.ts';

function context(granted: Permission[], overrides: Partial<MenuContext> = {}): MenuContext {
  return {
    permissions: toPermissionMap(granted),
    modules: defaultSystemSettings().modules,
    isAdminContext: false,
    isActingAsOther: false,
    substituteUserCount: 0,
    ...overrides,
  };
}

const keys = (ctx: MenuContext) => buildMainMenu(ctx).map((item) => item.key);

describe('main menu', () => {
  it('shows an employee without permissions only the everyday items', () => {
    expect(keys(context([]))).toEqual(['delegations', 'delegationInfo', 'profile', 'substitutes', 'logout']);
  });

  it('shows administration only with companyAdmin, and the delegation administration child with it', () => {
    const admin = buildMainMenu(context(['companyAdmin']));
    expect(admin.map((item) => item.key)).toContain('administration');
    expect(admin.find((item) => item.key === 'delegations')!.children!.map((c) => c.key)).toContain('delegationAdministration');
    expect(keys(context([]))).not.toContain('administration');
  });

  it('needs the travel-service module and travelOrder or travelOrderSelf for travel orders', () => {
    expect(keys(context(['travelOrderSelf']))).toContain('travelOrders');
    const off = context(['travelOrder'], { modules: { ...defaultSystemSettings().modules, travel_service: 1 } });
    expect(keys(off)).not.toContain('travelOrders');
  });

  it('shows invoices with viewInvoices, companyAdmin or SuperAdmin', () => {
    for (const permission of ['viewInvoices', 'companyAdmin', 'SuperAdmin'] as const) expect(keys(context([permission]))).toContain('invoices');
    expect(keys(context([]))).not.toContain('invoices');
  });

  it('shows reports with reportDelegation, and the accounting export only with its module too', () => {
    expect(keys(context(['reportDelegation']))).toContain('reports');
    expect(keys(context(['reportDelegation']))).not.toContain('accountingExport');
    const withModule = context(['reportDelegation'], { modules: { ...defaultSystemSettings().modules, accounting_export: 2 } });
    expect(keys(withModule)).toContain('accountingExport');
  });

  it('hides delegations when the delegation module is off', () => {
    expect(keys(context([], { modules: { ...defaultSystemSettings().modules, delegation: 1 } }))).not.toContain('delegations');
  });

  it('badges substitutes with the number of people one can log in as, and offers the way back when acting as another', () => {
    const menu = buildMainMenu(context([], { substituteUserCount: 3, isActingAsOther: true }));
    expect(menu.find((item) => item.key === 'substitutes')!.badge).toBe(3);
    expect(menu.map((item) => item.key)).toContain('backToOwnAccount');
  });

  it('badges the order, settlement and advance lists with what waits for the user there', () => {
    const delegations = buildMainMenu(context([], { waitingCounts: { orders: 2, settlements: 0, advances: 5 } })).find((item) => item.key === 'delegations')!;
    const badges = Object.fromEntries(delegations.children!.map((child) => [child.key, child.badge]));
    expect(badges).toMatchObject({ orders: 2, settlements: undefined, advances: 5 });
  });

  it('gives the provider admin the provider menu', () => {
    expect(keys(context(['SuperAdmin'], { isAdminContext: true }))).toEqual([
      'adminOrdersByType',
      'adminCompanies',
      'adminUsers',
      'adminMailing',
      'adminSystemSettings',
      'logout',
    ]);
  });

  it("shows each provider screen only to the holder of its permission: a provider consultant sees the orders", () => {
    expect(keys(context(['travelOrderResponseHotel'], { isAdminContext: true }))).toEqual(['adminOrdersByType', 'logout']);
    expect(keys(context(['manageCompanies', 'mainDbSettings'], { isAdminContext: true }))).toEqual(['adminOrdersByType', 'adminCompanies', 'adminSystemSettings', 'logout']);
  });

  it("offers a provider administrator inside a company's context the way back to the admin context, not to an own account", () => {
    const inside = keys(context(['companyAdmin'], { isActingAsOther: true, isInCompanyContext: true }));
    expect(inside).toContain('backToAdminContext');
    expect(inside).not.toContain('backToOwnAccount');
    expect(inside).toContain('administration');
  });
});

describe('route module guards', () => {
  const modules = defaultSystemSettings().modules;
  it('closes a path whose module is off and opens paths that need no module', () => {
    expect(isPathAvailable('/delegation/edit/5', { ...modules, delegation: 1 })).toBe(false);
    expect(isPathAvailable('/delegation-order', modules)).toBe(true);
    expect(isPathAvailable('/profile/my-profile', { ...modules, delegation: 1, travel_service: 1 })).toBe(true);
  });

  it('opens bookings when either booking module is on, and substitutes when either trip module is on', () => {
    expect(isPathAvailable('/booking/flight', { ...modules, all_bookings: 1, flight_bookings: 2 })).toBe(true);
    expect(isPathAvailable('/booking', { ...modules, all_bookings: 1, flight_bookings: 1 })).toBe(false);
    expect(isPathAvailable('/substitutes', { ...modules, delegation: 1, travel_service: 2 })).toBe(true);
    expect(isPathAvailable('/substitutes', { ...modules, delegation: 1, travel_service: 1 })).toBe(false);
  });
});
