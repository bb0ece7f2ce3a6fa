import { PROVIDER_PERMISSIONS, type Permission } from './permissions.ts';

/**
 * The permission catalogue grouped by the area it opens, for the role and user editors.
 * Every permission of `PERMISSIONS` is in exactly one group.
 */
export const PERMISSION_GROUPS: ReadonlyArray<{ key: string; permissions: readonly Permission[] }> = [
  { key: 'administration', permissions: ['companyAdmin'] },
  { key: 'delegations', permissions: ['delegationAcceptSubstantive', 'delegationAcceptFinancial', 'delegationForOthers', 'modifyDates', 'reportDelegation'] },
  { key: 'travelOrders', permissions: ['travelOrderSelf', 'travelOrder', 'travelOrderPreview', 'travelServiceAccept'] },
  {
    key: 'travelResponses',
    permissions: [
      'travelOrderResponseFlight',
      'travelOrderResponseFlightLowCost',
      'travelOrderResponseRail',
      'travelOrderResponseHotel',
      'travelOrderResponseCar',
      'travelOrderResponseInsurance',
      'travelOrderResponseOther',
    ],
  },
  { key: 'bookings', permissions: ['viewBookingAssigned', 'viewBookings', 'viewAllBookings', 'bookingMapping'] },
  { key: 'invoices', permissions: ['viewInvoices'] },
  { key: 'provider', permissions: PROVIDER_PERMISSIONS },
];

/**
 * Whether a user of the company may grant the permission: the provider's own permissions
 * (spec §6) are granted only inside the provider-admin context.
 */
export function isGrantablePermission(permission: Permission, isAdminContext: boolean): boolean {
  return isAdminContext || !PROVIDER_PERMISSIONS.includes(permission);
}
