import type { Permission } from '../auth/permissions.ts';

/**
 * Whose home screen is the dashboard (issue 11 point 4): whoever decides trip documents, travel
 * services or money, the reports' readers and the administrator. Others keep the plain home screen.
 */
export const DASHBOARD_PERMISSIONS: readonly Permission[] = ['delegationAcceptSubstantive', 'delegationAcceptFinancial', 'travelServiceAccept', 'companyAdmin', 'reportDelegation'];
