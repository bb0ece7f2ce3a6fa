/**
 * The modules a company switches on and off, without zod: the web app's first screen reads them
 * (its route guard and menu) before any schema is loaded (issue 13, the login route's JavaScript).
 */

/** A module flag: the module is enabled when the value equals 2 (spec §6). */
export const MODULE_ENABLED = 2;

export const MODULES = ['delegation', 'travel_service', 'accounting_export', 'all_bookings', 'flight_bookings'] as const;
export type ModuleName = (typeof MODULES)[number];

export function isModuleEnabled(settings: { modules: Record<ModuleName, number> }, module: ModuleName): boolean {
  return settings.modules[module] === MODULE_ENABLED;
}
