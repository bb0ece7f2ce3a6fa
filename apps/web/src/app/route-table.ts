import { modulesForPath } from '@delego/domain';
import { loadAllMessages } from '../lib/i18n.ts';
import { LOGIN_ROUTES } from './login-routes.ts';
import { MODULE_NOT_AVAILABLE_PATH, type AppRoute, type ScreenLoader } from './route-model.ts';

export { RouteGuard } from './route-guard.tsx';

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
/** One loader per editor for its new and edit routes (and every tab of the user editor), so its code loads once. */
const loadUserEditor: ScreenLoader = () =>
  import('../features/company-admin/users/user-editor-page.tsx').then((m) => m.UserEditorPage);
const loadProviderUserEditor: ScreenLoader = () =>
  import('../features/company-admin/users/user-editor-page.tsx').then((m) => m.ProviderUserEditorPage);
const loadRoleEditor: ScreenLoader = () =>
  import('../features/company-admin/roles/role-editor-page.tsx').then((m) => m.RoleEditorPage);
const loadRoleMappingEditor: ScreenLoader = () =>
  import('../features/company-admin/roles/role-mapping-editor-page.tsx').then((m) => m.RoleMappingEditorPage);

const loadTravelServiceForm: ScreenLoader = () => import('../features/travel-service/travel-service-form-page.tsx').then((m) => m.TravelServiceFormPage);
const loadBookedPage: ScreenLoader = () => import('../features/travel-service/offers/booking-pages.tsx').then((m) => m.BookedPage);
const loadBoughtPage: ScreenLoader = () => import('../features/travel-service/offers/booking-pages.tsx').then((m) => m.BoughtPage);
const loadAdminTravelList: ScreenLoader = () => import('../features/travel-service-admin/admin-order-list-page.tsx').then((m) => m.AdminOrderListPage);
const loadBookingList: ScreenLoader = () => import('../features/bookings/booking-list-page.tsx').then((m) => m.BookingListPage);
const loadBookingReport: ScreenLoader = () => import('../features/booking-reports/booking-report-page.tsx').then((m) => m.BookingReportPage);
const loadBudgetList: ScreenLoader = () => import('../features/budgets/budget-list-page.tsx').then((m) => m.BudgetListPage);
const loadBudgetForm: ScreenLoader = () => import('../features/budgets/budget-form-page.tsx').then((m) => m.BudgetFormPage);
const loadBookingDetails: ScreenLoader = () => import('../features/bookings/booking-details-page.tsx').then((m) => m.BookingDetailsPage);

/**
 * Every route of spec §2 beyond the login routes (`login-routes.ts`). This module reaches the browser with the first
 * navigation beyond them (`router.tsx`), not with the login page. To build a screen, add `load` to its entry, e.g.
 * `load: () => import('../features/delegations/delegation-list-page.tsx').then((m) => m.DelegationListPage)`.
 */
const SCREENS: readonly AppRoute[] = [
  // Public
  { path: '/logout', titleKey: 'logout', access: 'public', load: () => import('../features/auth/logout-page.tsx').then((m) => m.LogoutPage) },
  { path: '/external-login', titleKey: 'externalLogin', access: 'public', load: () => import('../features/auth/external-login-page.tsx').then((m) => m.ExternalLoginPage) },
  { path: '/external-login/clear', titleKey: 'externalLoginClear', access: 'public', load: () => import('../features/auth/external-login-page.tsx').then((m) => m.ClearExternalUserPage) },
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
  // A bare token (no kind in the address): the decision page asks the server what the link is for.
  { path: '/action-by-link/:token', titleKey: 'actionByLink', access: 'public', load: () => import('../features/action-by-link/decision-by-link-page.tsx').then((m) => m.DecisionByLinkPage) },
  {
    path: '/action-by-link/user/passwordChange/:token',
    titleKey: 'passwordChangeByLink',
    access: 'public',
    load: () => import('../features/action-by-link/password-change-by-link-page.tsx').then((m) => m.PasswordChangeByLinkPage),
  },
  { path: '/action-by-link/delegation/decision/:token', titleKey: 'delegationDecisionByLink', access: 'public', load: () => import('../features/action-by-link/decision-by-link-page.tsx').then((m) => m.DecisionByLinkPage) },
  { path: '/action-by-link/delegationOrder/decision/:token', titleKey: 'delegationOrderDecisionByLink', access: 'public', load: () => import('../features/action-by-link/decision-by-link-page.tsx').then((m) => m.DecisionByLinkPage) },

  // Reachable with or without a session
  {
    path: MODULE_NOT_AVAILABLE_PATH,
    titleKey: 'moduleNotAvailable',
    access: 'any',
    load: () => import('../features/errors/module-not-available-page.tsx').then((m) => m.ModuleNotAvailablePage),
  },
  { path: '*', titleKey: 'notFound', access: 'any', load: () => import('../features/errors/not-found-page.tsx').then((m) => m.NotFoundPage) },

  // Trips and the worker choice
  { path: '/', titleKey: 'home', access: 'authenticated', load: () => import('../features/delegation-order/new-trip-page.tsx').then((m) => m.NewTripPage) },
  { path: '/new-trip', titleKey: 'newTrip.chooseWorker', access: 'authenticated', load: () => import('../features/delegation-order/new-trip-page.tsx').then((m) => m.NewTripPage) },
  { path: '/new-trip/select-service', titleKey: 'newTrip.selectService', access: 'authenticated', load: () => import('../features/delegation-order/new-trip-page.tsx').then((m) => m.NewTripPage) },
  { path: '/login-as', titleKey: 'loginAs', access: 'authenticated', load: () => import('../features/substitutes/login-as-page.tsx').then((m) => m.LoginAsPage) },
  { path: '/login-back', titleKey: 'loginBack', access: 'authenticated', load: () => import('../features/substitutes/login-back-page.tsx').then((m) => m.LoginBackPage) },
  { path: '/delegation-advance', titleKey: 'delegationAdvance', access: 'authenticated', load: () => import('../features/delegation-advance/delegation-advance-page.tsx').then((m) => m.DelegationAdvancePage) },

  // Trip orders
  { path: '/delegation-order', titleKey: 'delegationOrder.list', access: 'authenticated', load: () => import('../features/delegation-order/delegation-order-list-page.tsx').then((m) => m.DelegationOrderListPage) },
  { path: '/delegation-order/new', titleKey: 'delegationOrder.new', access: 'authenticated', load: () => import('../features/delegation-order/delegation-order-form-page.tsx').then((m) => m.DelegationOrderFormPage) },
  { path: '/delegation-order/edit/:id', titleKey: 'delegationOrder.edit', access: 'authenticated', load: () => import('../features/delegation-order/delegation-order-form-page.tsx').then((m) => m.DelegationOrderFormPage) },
  { path: '/delegation-order/readonly/:id', titleKey: 'delegationOrder.readonly', access: 'authenticated', load: () => import('../features/delegation-order/delegation-order-readonly-page.tsx').then((m) => m.DelegationOrderReadonlyPage) },
  { path: '/delegation-order/decision/:id', titleKey: 'delegationOrder.decision', access: 'authenticated', load: () => import('../features/delegation-order/delegation-order-decision-page.tsx').then((m) => m.DelegationOrderDecisionPage) },

  // Settlements
  { path: '/delegation', titleKey: 'delegation.list', access: 'authenticated', load: () => import('../features/settlements/settlement-list-page.tsx').then((m) => m.SettlementListPage) },
  { path: '/delegation/start', titleKey: 'delegation.start', access: 'authenticated', load: () => import('../features/settlements/settlement-start-pages.tsx').then((m) => m.SettlementStartPage) },
  { path: '/delegation/start-choose-order', titleKey: 'delegation.startChooseOrder', access: 'authenticated', load: () => import('../features/settlements/settlement-start-pages.tsx').then((m) => m.SettlementChooseOrderPage) },
  {
    path: '/delegation/new',
    titleKey: 'delegation.new',
    access: 'authenticated',
    load: () => import('../features/settlements/settlement-new-page.tsx').then((m) => m.SettlementNewPage),
  },
  { path: '/delegation/edit/:id', titleKey: 'delegation.edit', access: 'authenticated', load: () => import('../features/settlements/settlement-editor-pages.tsx').then((m) => m.SettlementEditPage) },
  { path: '/delegation/readonly/:id', titleKey: 'delegation.readonly', access: 'authenticated', load: () => import('../features/settlements/settlement-view-pages.tsx').then((m) => m.SettlementReadonlyPage) },
  { path: '/delegation/decision/:id', titleKey: 'delegation.decision', access: 'authenticated', load: () => import('../features/settlements/settlement-view-pages.tsx').then((m) => m.SettlementDecisionPage) },
  { path: '/delegation/new-from-order/:orderId', titleKey: 'delegation.newFromOrder', access: 'authenticated', load: () => import('../features/settlements/settlement-editor-pages.tsx').then((m) => m.SettlementFromOrderPage) },

  // Substitutes
  { path: '/substitutes', titleKey: 'substitutes.list', access: 'authenticated', load: () => import('../features/substitutes/substitutes-page.tsx').then((m) => m.SubstitutesPage) },
  {
    path: '/substitutes/deputyAuth',
    titleKey: 'substitutes.deputyAuth',
    access: 'authenticated',
    load: () => import('../features/substitutes/deputy-auth-page.tsx').then((m) => m.OwnDeputyAuthPage),
  },

  // Delegation info
  { path: '/delegation-info', titleKey: 'delegationInfo.index', access: 'authenticated', load: () => import('../features/master-data/delegation-info/delegation-info-index-page.tsx').then((m) => m.DelegationInfoIndexPage) },
  { path: '/delegation-info/vehicle', titleKey: 'delegationInfo.vehicle', access: 'authenticated', load: () => import('../features/master-data/vehicles/vehicle-info-page.tsx').then((m) => m.VehicleInfoPage) },
  {
    path: '/delegation-info/delegation-task',
    titleKey: 'delegationInfo.delegationTask',
    access: 'authenticated',
    load: () => import('../features/master-data/delegation-tasks/delegation-task-info-page.tsx').then((m) => m.DelegationTaskInfoPage),
  },
  {
    path: '/delegation-info/delegation-rate',
    titleKey: 'delegationInfo.delegationRate',
    access: 'authenticated',
    load: () => import('../features/rates/rates-in-force-page.tsx').then((m) => m.MyDelegationRatesPage),
  },
  {
    path: '/delegation-info/exchange-rate',
    titleKey: 'delegationInfo.exchangeRate',
    access: 'authenticated',
    load: () => import('../features/exchange-rates/exchange-rates-page.tsx').then((m) => m.ExchangeRatesInfoPage),
  },
  { path: '/delegation-info/:alias', titleKey: 'delegationInfo.customPage', access: 'authenticated', load: () => import('../features/master-data/delegation-info/delegation-info-page.tsx').then((m) => m.DelegationInfoPage) },

  // Invoices
  { path: '/invoices', titleKey: 'invoices.list', access: 'authenticated', load: () => import('../features/invoices/invoice-list-page.tsx').then((m) => m.InvoiceListPage) },
  { path: '/invoices/details/:id', titleKey: 'invoices.details', access: 'authenticated', load: () => import('../features/invoices/invoice-details-page.tsx').then((m) => m.InvoiceDetailsPage) },

  // Bookings
  { path: '/booking', titleKey: 'booking.list', access: 'authenticated', load: loadBookingList },
  { path: '/booking/flight', titleKey: 'booking.flight', access: 'authenticated', load: loadBookingList },
  { path: '/booking/flight/detail/:id', titleKey: 'booking.flightDetail', access: 'authenticated', load: loadBookingDetails },
  { path: '/booking/other/detail/:id', titleKey: 'booking.otherDetail', access: 'authenticated', load: loadBookingDetails },
  { path: '/booking/rail', titleKey: 'booking.rail', access: 'authenticated', load: loadBookingList },
  { path: '/booking/hotel', titleKey: 'booking.hotel', access: 'authenticated', load: loadBookingList },
  { path: '/booking/other', titleKey: 'booking.other', access: 'authenticated', load: loadBookingList },
  { path: '/booking/mapping', titleKey: 'booking.mapping', access: 'authenticated', load: () => import('../features/bookings/booking-mapping-page.tsx').then((m) => m.BookingMappingPage) },
  { path: '/booking/report', titleKey: 'booking.report', access: 'authenticated', load: () => import('../features/booking-reports/booking-report-index-page.tsx').then((m) => m.BookingReportIndexPage) },
  ...BOOKING_REPORTS.map((report): AppRoute => ({ path: `/booking/report/${report}`, titleKey: `booking.reports.${report}`, access: 'authenticated', load: report === 'budget' ? loadBudgetList : loadBookingReport })),
  { path: '/booking/report/budget/new', titleKey: 'booking.budgetNew', access: 'authenticated', load: loadBudgetForm },
  { path: '/booking/report/budget/edit/:id', titleKey: 'booking.budgetEdit', access: 'authenticated', load: loadBudgetForm },

  // Profile, reports, accounting export (the prefix is named after the accounting system)
  {
    path: '/profile/my-profile',
    titleKey: 'profile.myProfile',
    access: 'authenticated',
    load: () => import('../features/company-admin/profile/my-profile-page.tsx').then((m) => m.MyProfilePage),
  },
  { path: '/report', titleKey: 'report.list', access: 'authenticated', load: () => import('../features/reports/report-list-page.tsx').then((m) => m.ReportListPage) },
  { path: '/report/new', titleKey: 'report.new', access: 'authenticated', load: () => import('../features/reports/report-new-page.tsx').then((m) => m.ReportNewPage) },
  { path: '/optima', titleKey: 'accountingExport.index', access: 'authenticated', load: () => import('../features/optima/optima-export-page.tsx').then((m) => m.OptimaExportPage) },
  { path: '/optima/settings/category', titleKey: 'accountingExport.category', access: 'authenticated', load: () => import('../features/optima/optima-settings-pages.tsx').then((m) => m.OptimaCategoryPage) },
  { path: '/optima/settings/contractor', titleKey: 'accountingExport.contractor', access: 'authenticated', load: () => import('../features/optima/optima-settings-pages.tsx').then((m) => m.OptimaContractorPage) },
  { path: '/optima/settings/employee', titleKey: 'accountingExport.employee', access: 'authenticated', load: () => import('../features/optima/optima-settings-pages.tsx').then((m) => m.OptimaEmployeePage) },

  // Travel services
  { path: '/travel-service', titleKey: 'travelService.list', access: 'authenticated', load: () => import('../features/travel-service/travel-service-list-page.tsx').then((m) => m.TravelServiceListPage) },
  { path: '/travel-service/rail-carrier', titleKey: 'travelService.railCarrier', access: 'authenticated', load: () => import('../features/travel-service/rail-carrier-page.tsx').then((m) => m.RailCarrierPage) },
  { path: '/travel-service/new', titleKey: 'travelService.new', access: 'authenticated', load: loadTravelServiceForm },
  { path: '/travel-service/edit/:id', titleKey: 'travelService.edit', access: 'authenticated', load: loadTravelServiceForm },
  { path: '/travel-service/choose-offer/:id', titleKey: 'travelService.chooseOffer', access: 'authenticated', load: () => import('../features/travel-service/offers/choose-offer-page.tsx').then((m) => m.ChooseOfferPage) },
  { path: '/travel-service/approval/:id', titleKey: 'travelService.approval', access: 'authenticated', load: () => import('../features/travel-service/offers/approval-page.tsx').then((m) => m.ApprovalPage) },
  { path: '/travel-service/booked/:id', titleKey: 'travelService.booked', access: 'authenticated', load: loadBookedPage },
  { path: '/travel-service/bought/:id', titleKey: 'travelService.bought', access: 'authenticated', load: loadBoughtPage },
  {
    path: '/travel-service/item-details/:id',
    titleKey: 'travelService.itemDetails',
    access: 'authenticated',
    load: () => import('../features/travel-service/travel-service-details-page.tsx').then((m) => m.TravelServiceDetailsPage),
  },

  // Company settings
  {
    path: '/settings/users',
    titleKey: 'settings.users',
    access: 'companyAdmin',
    load: () => import('../features/company-admin/users/users-list-page.tsx').then((m) => m.UsersListPage),
  },
  { path: '/settings/users/new', titleKey: 'settings.userNew', access: 'companyAdmin', load: loadUserEditor },
  ...USER_EDIT_TABS.map(
    (tab): AppRoute => ({ path: `/settings/users/edit/:id/${tab}`, titleKey: `settings.userEdit.${tab}`, access: 'companyAdmin', load: loadUserEditor }),
  ),
  { path: '/settings/cost-centre', titleKey: 'settings.costCentre', access: 'companyAdmin', load: () => import('../features/master-data/cost-centres/cost-centre-list-page.tsx').then((m) => m.CostCentreListPage) },
  { path: '/settings/cost-centre/users', titleKey: 'settings.costCentreUsers', access: 'companyAdmin', load: () => import('../features/master-data/cost-centres/cost-centre-users-page.tsx').then((m) => m.CostCentreUsersPage) },
  { path: '/settings/cost-centre/budget', titleKey: 'settings.costCentreBudget', access: 'companyAdmin', load: () => import('../features/master-data/cost-centres/cost-centre-budget-page.tsx').then((m) => m.CostCentreBudgetPage) },
  {
    path: '/settings/user-substitute',
    titleKey: 'settings.userSubstitute',
    access: 'companyAdmin',
    load: () => import('../features/substitutes/admin-substitutes-page.tsx').then((m) => m.AdminSubstitutesPage),
  },
  {
    path: '/settings/role',
    titleKey: 'settings.role',
    access: 'companyAdmin',
    load: () => import('../features/company-admin/roles/role-list-page.tsx').then((m) => m.RoleListPage),
  },
  { path: '/settings/role/new', titleKey: 'settings.roleNew', access: 'companyAdmin', load: loadRoleEditor },
  { path: '/settings/role/edit/:id', titleKey: 'settings.roleEdit', access: 'companyAdmin', load: loadRoleEditor },
  {
    path: '/settings/role/edit-users/:id',
    titleKey: 'settings.roleEditUsers',
    access: 'companyAdmin',
    load: () => import('../features/company-admin/roles/role-members-page.tsx').then((m) => m.RoleMembersPage),
  },
  {
    path: '/settings/role/deputy-auth',
    titleKey: 'settings.roleDeputyAuth',
    access: 'companyAdmin',
    load: () => import('../features/company-admin/roles/deputy-auth-page.tsx').then((m) => m.DeputyAuthPage),
  },
  {
    path: '/settings/role/mapping',
    titleKey: 'settings.roleMapping',
    access: 'companyAdmin',
    load: () => import('../features/company-admin/roles/role-mapping-list-page.tsx').then((m) => m.RoleMappingListPage),
  },
  { path: '/settings/role/mapping/new', titleKey: 'settings.roleMappingNew', access: 'companyAdmin', load: loadRoleMappingEditor },
  { path: '/settings/role/mapping/edit/:name', titleKey: 'settings.roleMappingEdit', access: 'companyAdmin', load: loadRoleMappingEditor },
  {
    path: '/settings/role/default',
    titleKey: 'settings.roleDefault',
    access: 'companyAdmin',
    load: () => import('../features/company-admin/roles/default-roles-page.tsx').then((m) => m.DefaultRolesPage),
  },
  {
    path: '/settings/system-settings',
    titleKey: 'settings.systemSettings',
    access: 'companyAdmin',
    load: () => import('../features/company-admin/system-settings/system-settings-page.tsx').then((m) => m.SystemSettingsPage),
  },
  {
    path: '/settings/system-settings/external-system',
    titleKey: 'settings.externalSystem',
    access: 'companyAdmin',
    load: () => import('../features/company-admin/system-settings/external-system-page.tsx').then((m) => m.ExternalSystemPage),
  },
  {
    path: '/settings/system-settings/document-number-template',
    titleKey: 'settings.documentNumberTemplate',
    access: 'companyAdmin',
    load: () => import('../features/numbering/number-template-list-page.tsx').then((m) => m.NumberTemplateListPage),
  },
  {
    path: '/settings/system-settings/document-number-template/new',
    titleKey: 'settings.documentNumberTemplateNew',
    access: 'companyAdmin',
    load: () => import('../features/numbering/number-template-form-page.tsx').then((m) => m.NumberTemplateNewPage),
  },
  {
    path: '/settings/system-settings/document-number-template/edit/:id',
    titleKey: 'settings.documentNumberTemplateEdit',
    access: 'companyAdmin',
    load: () => import('../features/numbering/number-template-form-page.tsx').then((m) => m.NumberTemplateEditPage),
  },
  {
    path: '/settings/delegation-rate',
    titleKey: 'settings.delegationRate',
    access: 'companyAdmin',
    load: () => import('../features/rates/rates-in-force-page.tsx').then((m) => m.DelegationRatesPage),
  },
  {
    path: '/settings/delegation-rate/mileage',
    titleKey: 'settings.delegationRateMileage',
    access: 'companyAdmin',
    load: () => import('../features/rates/mileage-rates-page.tsx').then((m) => m.MileageRatesPage),
  },
  {
    path: '/settings/delegation-rate/custom',
    titleKey: 'settings.delegationRateCustom',
    access: 'companyAdmin',
    load: () => import('../features/rates/custom-rates-page.tsx').then((m) => m.CustomRatesPage),
  },
  {
    path: '/settings/delegation-rate/group',
    titleKey: 'settings.delegationRateGroup',
    access: 'companyAdmin',
    load: () => import('../features/rates/rate-groups-page.tsx').then((m) => m.RateGroupsPage),
  },
  { path: '/settings/trip-policy', titleKey: 'settings.tripPolicy', access: 'companyAdmin', load: () => import('../features/master-data/pages/trip-policy-page.tsx').then((m) => m.TripPolicyPage) },
  { path: '/settings/custom-webpage', titleKey: 'settings.customWebpage', access: 'companyAdmin', load: () => import('../features/master-data/pages/custom-page-list-page.tsx').then((m) => m.CustomPageListPage) },
  {
    path: '/settings/custom-webpage/edit/:id',
    titleKey: 'settings.customWebpageEdit',
    access: 'companyAdmin',
    load: () => import('../features/master-data/pages/custom-page-editor-page.tsx').then((m) => m.CustomPageEditorPage),
  },
  { path: '/settings/delegation-task', titleKey: 'settings.delegationTask', access: 'companyAdmin', load: () => import('../features/master-data/delegation-tasks/delegation-task-list-page.tsx').then((m) => m.DelegationTaskListPage) },
  { path: '/settings/external-company', titleKey: 'settings.externalCompany', access: 'companyAdmin', load: () => import('../features/master-data/contractors/contractor-list-page.tsx').then((m) => m.ContractorListPage) },
  { path: '/settings/project', titleKey: 'settings.project', access: 'companyAdmin', load: () => import('../features/master-data/contractors/project-list-page.tsx').then((m) => m.ProjectListPage) },
  { path: '/settings/vehicles', titleKey: 'settings.vehicles', access: 'companyAdmin', load: () => import('../features/master-data/vehicles/vehicle-settings-page.tsx').then((m) => m.VehicleSettingsPage) },
  {
    path: '/settings/exchange-rate',
    titleKey: 'settings.exchangeRate',
    access: 'companyAdmin',
    load: () => import('../features/exchange-rates/exchange-rates-page.tsx').then((m) => m.ExchangeRatesAdminPage),
  },
  {
    path: '/settings/logs',
    titleKey: 'settings.logs',
    access: 'companyAdmin',
    load: () => import('../features/company-admin/logs/logs-page.tsx').then((m) => m.LogsPage),
  },
  {
    path: '/settings/organizational-structure',
    titleKey: 'settings.organizationalStructure',
    access: 'companyAdmin',
    load: () => import('../features/master-data/organisation/organisation-structure-page.tsx').then((m) => m.OrganisationStructurePage),
  },
  {
    path: '/settings/organizational-structure/users',
    titleKey: 'settings.organizationalStructureUsers',
    access: 'companyAdmin',
    load: () => import('../features/master-data/organisation/organisation-users-page.tsx').then((m) => m.OrganisationUsersPage),
  },
  {
    path: '/settings/workflow',
    titleKey: 'settings.workflow',
    access: 'companyAdmin',
    load: () => import('../features/workflow/workflow-page.tsx').then((m) => m.WorkflowPage),
  },
  { path: '/settings/travel-service', titleKey: 'settings.travelService', access: 'companyAdmin', load: () => import('../features/master-data/travel-service/travel-acceptors-page.tsx').then((m) => m.TravelAcceptorsPage) },
  {
    path: '/settings/travel-service/additional-parameters',
    titleKey: 'settings.travelServiceAdditionalParameters',
    access: 'companyAdmin',
    load: () => import('../features/master-data/travel-service/travel-parameters-page.tsx').then((m) => m.TravelParametersPage),
  },
  {
    path: '/settings/travel-service/mail-subject',
    titleKey: 'settings.travelServiceMailSubject',
    access: 'companyAdmin',
    load: () => import('../features/master-data/travel-service/travel-mail-subject-page.tsx').then((m) => m.TravelMailSubjectPage),
  },
  {
    path: '/settings/travel-service/additional-settings',
    titleKey: 'settings.travelServiceAdditionalSettings',
    access: 'companyAdmin',
    load: () => import('../features/master-data/travel-service/travel-settings-page.tsx').then((m) => m.TravelSettingsPage),
  },

  // Provider admin
  { path: '/admin/travel-service/all', titleKey: 'admin.travelServiceAll', access: 'adminContext', load: loadAdminTravelList },
  { path: '/admin/travel-service/item/edit/:id', titleKey: 'admin.travelServiceItemEdit', access: 'adminContext', load: () => import('../features/travel-service-admin/offer-editor-page.tsx').then((m) => m.ChangeOfferPage) },
  { path: '/admin/travel-service/item/readonly/:id', titleKey: 'admin.travelServiceItemReadonly', access: 'adminContext', load: () => import('../features/travel-service-admin/offer-editor-page.tsx').then((m) => m.ReadonlyItemPage) },
  { path: '/admin/travel-service/by-type/:type', titleKey: 'admin.travelServiceByType', access: 'adminContext', load: loadAdminTravelList },
  { path: '/admin/travel-service/edit/:id', titleKey: 'admin.travelServiceEdit', access: 'adminContext', load: () => import('../features/travel-service-admin/admin-order-page.tsx').then((m) => m.AdminOrderPage) },
  { path: '/admin/travel-service/item/:id', titleKey: 'admin.travelServiceItem', access: 'adminContext', load: () => import('../features/travel-service-admin/offer-editor-page.tsx').then((m) => m.AnswerItemPage) },
  { path: '/admin/travel-service/add-booking/:id', titleKey: 'admin.travelServiceAddBooking', access: 'adminContext', load: () => import('../features/travel-service-admin/add-booking-page.tsx').then((m) => m.AddBookingPage) },
  { path: '/admin/users', titleKey: 'admin.users', access: 'adminContext', load: () => import('../features/company-admin/users/users-list-page.tsx').then((m) => m.ProviderUsersListPage) },
  { path: '/admin/users/new', titleKey: 'admin.userNew', access: 'adminContext', load: loadProviderUserEditor },
  { path: '/admin/users/edit/:id/basic', titleKey: 'admin.userEditBasic', access: 'adminContext', load: loadProviderUserEditor },
  { path: '/admin/users/edit/:id/roles-and-permissions', titleKey: 'admin.userEditRoles', access: 'adminContext', load: loadProviderUserEditor },
  { path: '/admin/mailing', titleKey: 'admin.mailing', access: 'adminContext', load: () => import('../features/mailing/mailing-page.tsx').then((m) => m.MailingPage) },
  { path: '/admin/companies', titleKey: 'admin.companies', access: 'adminContext', load: () => import('../features/company-admin/provider/companies-page.tsx').then((m) => m.CompaniesPage) },
  { path: '/admin/system-settings', titleKey: 'admin.systemSettings', access: 'adminContext', load: () => import('../features/company-admin/provider/provider-settings-page.tsx').then((m) => m.ProviderSettingsPage) },
  {
    path: '/log-in-back-admin-context',
    titleKey: 'admin.backToAdminContext',
    access: 'authenticated',
    load: () => import('../features/company-admin/provider/back-to-admin-context-page.tsx').then((m) => m.BackToAdminContextPage),
  },
];

/**
 * Wraps a loader so the screen renders only with every namespace of the language here, inside the app's query client
 * (`lib/query-layer.tsx`); once per loader, so a screen's code still loads once.
 */
const beyondLogin = (() => {
  const wrapped = new Map<ScreenLoader, ScreenLoader>();
  return (load: ScreenLoader): ScreenLoader => {
    let withNeeds = wrapped.get(load);
    if (!withNeeds) {
      withNeeds = () =>
        Promise.all([load(), loadAllMessages(), import('../lib/query-layer.tsx')]).then(([Component, , { withQueryClient }]) => withQueryClient(Component));
      wrapped.set(load, withNeeds);
    }
    return withNeeds;
  };
})();

/** The logged-in shell (`layouts/lazy-app-layout.tsx`), with every namespace of the language and the query client. */
export const loadAppLayout: ScreenLoader = () =>
  Promise.all([import('./layouts/app-layout.tsx'), loadAllMessages(), import('../lib/query-layer.tsx')]).then(([m, , { withQueryClient }]) => withQueryClient(m.AppLayout));

/** Every route: the login routes and the screens beyond them, each with the modules its path needs. */
export const APP_ROUTES: readonly AppRoute[] = [
  ...LOGIN_ROUTES,
  ...SCREENS.map((route) => ({ ...route, load: beyondLogin(route.load), modules: modulesForPath(route.path) })),
];
