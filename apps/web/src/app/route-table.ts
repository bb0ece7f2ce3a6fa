import type { ComponentType } from 'react';

/**
 * Who may open a route:
 * - `public`: anyone, inside the public layout;
 * - `any`: anyone, inside the shell when logged in and the public layout otherwise;
 * - `authenticated`: a logged-in user (and the module the path needs, see `modulesForPath`);
 * - `companyAdmin`: additionally the companyAdmin permission (spec §6, `/settings/**`);
 * - `adminContext`: the provider-admin context (spec §6, `/admin/**`).
 */
/** Where a route guard sends a user whose company has the module switched off (spec §6). */
export const MODULE_NOT_AVAILABLE_PATH = '/module-not-available-in-that-company';

export type RouteAccess = 'public' | 'any' | 'authenticated' | 'companyAdmin' | 'adminContext';

/** Loads a screen's code on first visit (spec §2: views load lazily). */
export type ScreenLoader = () => Promise<ComponentType>;

export interface AppRoute {
  path: string;
  /** Key in the `routes` namespace: the screen name for the tab title and the placeholder. */
  titleKey: string;
  access: RouteAccess;
  /** The screen; a route without one shows a named placeholder until its issue builds it. */
  load?: ScreenLoader;
}

const BOOKING_REPORTS = [
  'monthly',
  'organization-unit',
  'passenger',
  'passenger-v2',
  'airline',
  'seat-class',
  'domestic-foreign',
  'budget',
  'service-type',
  'service-type-production',
  'custom',
] as const;

const USER_EDIT_TABS = ['basic', 'cost-centre', 'delegation', 'roles-and-permissions', 'additional-data'] as const;

/**
 * Every route of spec §2. To build a screen, add `load` to its entry, e.g.
 * `load: () => import('../features/delegations/delegation-list-page.tsx').then((m) => m.DelegationListPage)`.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  // Public
  { path: '/login', titleKey: 'login', access: 'public', load: () => import('../features/auth/login-page.tsx').then((m) => m.LoginPage) },
  { path: '/login/:address', titleKey: 'login', access: 'public', load: () => import('../features/auth/login-page.tsx').then((m) => m.LoginPage) },
  { path: '/login-admin', titleKey: 'loginAdmin', access: 'public', load: () => import('../features/auth/login-page.tsx').then((m) => m.AdminLoginPage) },
  { path: '/logout', titleKey: 'logout', access: 'public', load: () => import('../features/auth/logout-page.tsx').then((m) => m.LogoutPage) },
  {
    path: '/password-expired',
    titleKey: 'passwordExpired',
    access: 'public',
    load: () => import('../features/auth/password-expired-page.tsx').then((m) => m.PasswordExpiredPage),
  },
  {
    path: '/profile/password-forgotten',
    titleKey: 'passwordForgotten',
    access: 'public',
    load: () => import('../features/auth/password-forgotten-page.tsx').then((m) => m.PasswordForgottenPage),
  },
  {
    path: '/action-by-link',
    titleKey: 'actionByLink',
    access: 'public',
    load: () => import('../features/action-by-link/action-by-link-page.tsx').then((m) => m.ActionByLinkPage),
  },
  { path: '/action-by-link/:token', titleKey: 'actionByLink', access: 'public' },
  {
    path: '/action-by-link/user/passwordChange/:token',
    titleKey: 'passwordChangeByLink',
    access: 'public',
    load: () => import('../features/action-by-link/password-change-by-link-page.tsx').then((m) => m.PasswordChangeByLinkPage),
  },
  { path: '/action-by-link/delegation/decision/:token', titleKey: 'delegationDecisionByLink', access: 'public' },
  { path: '/action-by-link/delegationOrder/decision/:token', titleKey: 'delegationOrderDecisionByLink', access: 'public' },

  // Reachable with or without a session
  {
    path: MODULE_NOT_AVAILABLE_PATH,
    titleKey: 'moduleNotAvailable',
    access: 'any',
    load: () => import('../features/errors/module-not-available-page.tsx').then((m) => m.ModuleNotAvailablePage),
  },
  { path: '*', titleKey: 'notFound', access: 'any', load: () => import('../features/errors/not-found-page.tsx').then((m) => m.NotFoundPage) },

  // Trips and the worker choice
  { path: '/', titleKey: 'home', access: 'authenticated' },
  { path: '/new-trip', titleKey: 'newTrip.chooseWorker', access: 'authenticated' },
  { path: '/new-trip/select-service', titleKey: 'newTrip.selectService', access: 'authenticated' },
  { path: '/login-as', titleKey: 'loginAs', access: 'authenticated' },
  { path: '/login-back', titleKey: 'loginBack', access: 'authenticated' },
  { path: '/delegation-advance', titleKey: 'delegationAdvance', access: 'authenticated' },

  // Trip orders
  { path: '/delegation-order', titleKey: 'delegationOrder.list', access: 'authenticated' },
  { path: '/delegation-order/new', titleKey: 'delegationOrder.new', access: 'authenticated' },
  { path: '/delegation-order/edit/:id', titleKey: 'delegationOrder.edit', access: 'authenticated' },
  { path: '/delegation-order/readonly/:id', titleKey: 'delegationOrder.readonly', access: 'authenticated' },
  { path: '/delegation-order/decision/:id', titleKey: 'delegationOrder.decision', access: 'authenticated' },

  // Settlements
  { path: '/delegation', titleKey: 'delegation.list', access: 'authenticated' },
  { path: '/delegation/start', titleKey: 'delegation.start', access: 'authenticated' },
  { path: '/delegation/start-choose-order', titleKey: 'delegation.startChooseOrder', access: 'authenticated' },
  { path: '/delegation/new', titleKey: 'delegation.new', access: 'authenticated' },
  { path: '/delegation/edit/:id', titleKey: 'delegation.edit', access: 'authenticated' },
  { path: '/delegation/readonly/:id', titleKey: 'delegation.readonly', access: 'authenticated' },
  { path: '/delegation/decision/:id', titleKey: 'delegation.decision', access: 'authenticated' },
  { path: '/delegation/new-from-order/:orderId', titleKey: 'delegation.newFromOrder', access: 'authenticated' },

  // Substitutes
  { path: '/substitutes', titleKey: 'substitutes.list', access: 'authenticated' },
  { path: '/substitutes/deputyAuth', titleKey: 'substitutes.deputyAuth', access: 'authenticated' },

  // Delegation info
  { path: '/delegation-info', titleKey: 'delegationInfo.index', access: 'authenticated' },
  { path: '/delegation-info/vehicle', titleKey: 'delegationInfo.vehicle', access: 'authenticated' },
  { path: '/delegation-info/delegation-task', titleKey: 'delegationInfo.delegationTask', access: 'authenticated' },
  { path: '/delegation-info/delegation-rate', titleKey: 'delegationInfo.delegationRate', access: 'authenticated' },
  { path: '/delegation-info/exchange-rate', titleKey: 'delegationInfo.exchangeRate', access: 'authenticated' },
  { path: '/delegation-info/:alias', titleKey: 'delegationInfo.customPage', access: 'authenticated' },

  // Invoices
  { path: '/invoices', titleKey: 'invoices.list', access: 'authenticated' },
  { path: '/invoices/details/:id', titleKey: 'invoices.details', access: 'authenticated' },

  // Bookings
  { path: '/booking', titleKey: 'booking.list', access: 'authenticated' },
  { path: '/booking/flight', titleKey: 'booking.flight', access: 'authenticated' },
  { path: '/booking/flight/detail/:id', titleKey: 'booking.flightDetail', access: 'authenticated' },
  { path: '/booking/other/detail/:id', titleKey: 'booking.otherDetail', access: 'authenticated' },
  { path: '/booking/rail', titleKey: 'booking.rail', access: 'authenticated' },
  { path: '/booking/hotel', titleKey: 'booking.hotel', access: 'authenticated' },
  { path: '/booking/other', titleKey: 'booking.other', access: 'authenticated' },
  { path: '/booking/mapping', titleKey: 'booking.mapping', access: 'authenticated' },
  { path: '/booking/report', titleKey: 'booking.report', access: 'authenticated' },
  ...BOOKING_REPORTS.map((report): AppRoute => ({ path: `/booking/report/${report}`, titleKey: `booking.reports.${report}`, access: 'authenticated' })),
  { path: '/booking/report/budget/new', titleKey: 'booking.budgetNew', access: 'authenticated' },
  { path: '/booking/report/budget/edit/:id', titleKey: 'booking.budgetEdit', access: 'authenticated' },

  // Profile, reports, accounting export (the prefix is named after the accounting system)
  { path: '/profile/my-profile', titleKey: 'profile.myProfile', access: 'authenticated' },
  { path: '/report', titleKey: 'report.list', access: 'authenticated' },
  { path: '/report/new', titleKey: 'report.new', access: 'authenticated' },
  { path: '/optima', titleKey: 'accountingExport.index', access: 'authenticated' },
  { path: '/optima/settings/category', titleKey: 'accountingExport.category', access: 'authenticated' },
  { path: '/optima/settings/contractor', titleKey: 'accountingExport.contractor', access: 'authenticated' },
  { path: '/optima/settings/employee', titleKey: 'accountingExport.employee', access: 'authenticated' },

  // Travel services
  { path: '/travel-service', titleKey: 'travelService.list', access: 'authenticated' },
  { path: '/travel-service/rail-carrier', titleKey: 'travelService.railCarrier', access: 'authenticated' },
  { path: '/travel-service/new', titleKey: 'travelService.new', access: 'authenticated' },
  { path: '/travel-service/edit/:id', titleKey: 'travelService.edit', access: 'authenticated' },
  { path: '/travel-service/choose-offer/:id', titleKey: 'travelService.chooseOffer', access: 'authenticated' },
  { path: '/travel-service/approval/:id', titleKey: 'travelService.approval', access: 'authenticated' },
  { path: '/travel-service/booked/:id', titleKey: 'travelService.booked', access: 'authenticated' },
  { path: '/travel-service/bought/:id', titleKey: 'travelService.bought', access: 'authenticated' },
  { path: '/travel-service/item-details/:id', titleKey: 'travelService.itemDetails', access: 'authenticated' },

  // Company settings
  { path: '/settings/users', titleKey: 'settings.users', access: 'companyAdmin' },
  { path: '/settings/users/new', titleKey: 'settings.userNew', access: 'companyAdmin' },
  ...USER_EDIT_TABS.map((tab): AppRoute => ({ path: `/settings/users/edit/:id/${tab}`, titleKey: `settings.userEdit.${tab}`, access: 'companyAdmin' })),
  { path: '/settings/cost-centre', titleKey: 'settings.costCentre', access: 'companyAdmin' },
  { path: '/settings/cost-centre/users', titleKey: 'settings.costCentreUsers', access: 'companyAdmin' },
  { path: '/settings/cost-centre/budget', titleKey: 'settings.costCentreBudget', access: 'companyAdmin' },
  { path: '/settings/user-substitute', titleKey: 'settings.userSubstitute', access: 'companyAdmin' },
  { path: '/settings/role', titleKey: 'settings.role', access: 'companyAdmin' },
  { path: '/settings/role/new', titleKey: 'settings.roleNew', access: 'companyAdmin' },
  { path: '/settings/role/edit/:id', titleKey: 'settings.roleEdit', access: 'companyAdmin' },
  { path: '/settings/role/edit-users/:id', titleKey: 'settings.roleEditUsers', access: 'companyAdmin' },
  { path: '/settings/role/deputy-auth', titleKey: 'settings.roleDeputyAuth', access: 'companyAdmin' },
  { path: '/settings/role/mapping', titleKey: 'settings.roleMapping', access: 'companyAdmin' },
  { path: '/settings/role/mapping/new', titleKey: 'settings.roleMappingNew', access: 'companyAdmin' },
  { path: '/settings/role/mapping/edit/:name', titleKey: 'settings.roleMappingEdit', access: 'companyAdmin' },
  { path: '/settings/role/default', titleKey: 'settings.roleDefault', access: 'companyAdmin' },
  { path: '/settings/system-settings', titleKey: 'settings.systemSettings', access: 'companyAdmin' },
  { path: '/settings/system-settings/document-number-template', titleKey: 'settings.documentNumberTemplate', access: 'companyAdmin' },
  { path: '/settings/system-settings/document-number-template/new', titleKey: 'settings.documentNumberTemplateNew', access: 'companyAdmin' },
  { path: '/settings/system-settings/document-number-template/edit/:id', titleKey: 'settings.documentNumberTemplateEdit', access: 'companyAdmin' },
  { path: '/settings/delegation-rate', titleKey: 'settings.delegationRate', access: 'companyAdmin' },
  { path: '/settings/delegation-rate/mileage', titleKey: 'settings.delegationRateMileage', access: 'companyAdmin' },
  { path: '/settings/delegation-rate/custom', titleKey: 'settings.delegationRateCustom', access: 'companyAdmin' },
  { path: '/settings/delegation-rate/group', titleKey: 'settings.delegationRateGroup', access: 'companyAdmin' },
  { path: '/settings/trip-policy', titleKey: 'settings.tripPolicy', access: 'companyAdmin' },
  { path: '/settings/custom-webpage', titleKey: 'settings.customWebpage', access: 'companyAdmin' },
  { path: '/settings/custom-webpage/edit/:id', titleKey: 'settings.customWebpageEdit', access: 'companyAdmin' },
  { path: '/settings/delegation-task', titleKey: 'settings.delegationTask', access: 'companyAdmin' },
  { path: '/settings/external-company', titleKey: 'settings.externalCompany', access: 'companyAdmin' },
  { path: '/settings/project', titleKey: 'settings.project', access: 'companyAdmin' },
  { path: '/settings/vehicles', titleKey: 'settings.vehicles', access: 'companyAdmin' },
  { path: '/settings/exchange-rate', titleKey: 'settings.exchangeRate', access: 'companyAdmin' },
  { path: '/settings/logs', titleKey: 'settings.logs', access: 'companyAdmin' },
  { path: '/settings/organizational-structure', titleKey: 'settings.organizationalStructure', access: 'companyAdmin' },
  { path: '/settings/organizational-structure/users', titleKey: 'settings.organizationalStructureUsers', access: 'companyAdmin' },
  { path: '/settings/workflow', titleKey: 'settings.workflow', access: 'companyAdmin' },
  { path: '/settings/travel-service', titleKey: 'settings.travelService', access: 'companyAdmin' },
  { path: '/settings/travel-service/additional-parameters', titleKey: 'settings.travelServiceAdditionalParameters', access: 'companyAdmin' },
  { path: '/settings/travel-service/mail-subject', titleKey: 'settings.travelServiceMailSubject', access: 'companyAdmin' },
  { path: '/settings/travel-service/additional-settings', titleKey: 'settings.travelServiceAdditionalSettings', access: 'companyAdmin' },

  // Provider admin
  { path: '/admin/travel-service/all', titleKey: 'admin.travelServiceAll', access: 'adminContext' },
  { path: '/admin/travel-service/item/edit/:id', titleKey: 'admin.travelServiceItemEdit', access: 'adminContext' },
  { path: '/admin/travel-service/item/readonly/:id', titleKey: 'admin.travelServiceItemReadonly', access: 'adminContext' },
  { path: '/admin/travel-service/by-type/:type', titleKey: 'admin.travelServiceByType', access: 'adminContext' },
  { path: '/admin/travel-service/edit/:id', titleKey: 'admin.travelServiceEdit', access: 'adminContext' },
  { path: '/admin/travel-service/item/:id', titleKey: 'admin.travelServiceItem', access: 'adminContext' },
  { path: '/admin/travel-service/add-booking/:id', titleKey: 'admin.travelServiceAddBooking', access: 'adminContext' },
  { path: '/admin/users', titleKey: 'admin.users', access: 'adminContext' },
  { path: '/admin/users/new', titleKey: 'admin.userNew', access: 'adminContext' },
  { path: '/admin/users/edit/:id/basic', titleKey: 'admin.userEditBasic', access: 'adminContext' },
  { path: '/admin/users/edit/:id/roles-and-permissions', titleKey: 'admin.userEditRoles', access: 'adminContext' },
  { path: '/admin/mailing', titleKey: 'admin.mailing', access: 'adminContext' },
  { path: '/admin/companies', titleKey: 'admin.companies', access: 'adminContext' },
  { path: '/admin/system-settings', titleKey: 'admin.systemSettings', access: 'adminContext' },
];
