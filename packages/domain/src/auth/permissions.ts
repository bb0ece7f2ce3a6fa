/**
 * The permission catalogue (spec §6). Checks are by name against the permission
 * map of the session user properties. Names and descriptions live in the web's
 * `permissions` namespace (`names.<name>`, `descriptions.<name>`); the editors group them
 * by `PERMISSION_GROUPS`.
 */
export const PERMISSIONS = [
  'viewInvoices',
  'companyAdmin',
  'SuperAdmin',
  'bookingMapping',
  'viewBookingAssigned',
  'viewAllBookings',
  'viewBookings',
  'travelOrder',
  'travelOrderSelf',
  'reportDelegation',
  'travelOrderPreview',
  'modifyDates',
  'manageCompanies',
  'mainDbUserManage',
  'manageMailingList',
  'mainDbSettings',
  'travelOrderResponseFlight',
  'travelOrderResponseFlightLowCost',
  'travelOrderResponseCar',
  'travelOrderResponseHotel',
  'travelOrderResponseInsurance',
  'travelOrderResponseOther',
  'travelOrderResponseRail',
  // Separate substantive and financial decisions (§6); travel-service acceptors.
  'delegationAcceptSubstantive',
  'delegationAcceptFinancial',
  'travelServiceAccept',
  // Acting for another worker when creating trips (§2 /new-trip).
  'delegationForOthers',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** The permission map of the session: name → granted. */
export type PermissionMap = Partial<Record<Permission, boolean>>;

/** Permissions that only the provider administrator (company `admin`) holds. */
export const PROVIDER_PERMISSIONS: readonly Permission[] = [
  'SuperAdmin',
  'manageCompanies',
  'mainDbUserManage',
  'manageMailingList',
  'mainDbSettings',
];

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

export function hasPermission(map: PermissionMap, name: Permission): boolean {
  return map[name] === true;
}

export function hasAnyPermission(map: PermissionMap, names: readonly Permission[]): boolean {
  return names.some((name) => map[name] === true);
}

/** Builds a permission map that lists every catalogue name, true where granted. */
export function toPermissionMap(granted: Iterable<string>): PermissionMap {
  const set = new Set(granted);
  const map: PermissionMap = {};
  for (const name of PERMISSIONS) map[name] = set.has(name);
  return map;
}

/** The provider administrator is recognised by a negative user id (§6). */
export function isProviderAdministrator(userId: number): boolean {
  return userId < 0;
}

/** The login code of the provider-admin company. */
export const ADMIN_COMPANY_CODE = 'admin';
