import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { healthApi } from '@delego/contract';
import { bindEndpoint } from './http/bind-endpoint.ts';
import { storableInputValidatorCompiler } from './http/validator.ts';
import { InFlightWork, closeDatabaseWithApp, trackRequests } from './http/in-flight.ts';
import { serializeRequestForLog } from './http/log-redaction.ts';
import type { Database, DatabaseChanges } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { loadCommonPasswordCheck } from './modules/auth/common-passwords.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { OutboxWorker } from './modules/mail/outbox-worker.ts';
import { createTokenSigner } from './modules/auth/token-signer.ts';
import { createAuthService, type AuthService } from './modules/auth/auth.service.ts';
import { createSessionValidityCache } from './modules/auth/session-validity-cache.ts';
import { serveInArrivalOrder } from './http/arrival-order.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerAuthentication } from './plugins/authentication.ts';
import { registerSecurity, registerUserRateLimit, type RequestLimits } from './plugins/security.ts';
import { createUploadLimits, type UploadLimits } from './modules/uploads/upload-limits.ts';
import { registerWebAndNotFound } from './plugins/static-web.ts';
import type { ExchangeRateProvider } from './integrations/nbp/nbp-provider.ts';
import type { DistanceProvider } from './integrations/maps/distance-provider.ts';
import { createSettlementDistances } from './modules/settlement-calculation/settlement-distances.ts';
import { createExchangeRateService, type ExchangeRateService } from './modules/exchange-rate/exchange-rate.service.ts';
import { registerExchangeRateRoutes } from './modules/exchange-rate/exchange-rate.routes.ts';
import { createLocationService } from './modules/location/location.service.ts';
import { registerLocationRoutes } from './modules/location/location.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createRolesService } from './modules/roles/roles.service.ts';
import { registerRolesRoutes } from './modules/roles/roles.routes.ts';
import { createSubstitutesService } from './modules/substitutes/substitutes.service.ts';
import { registerSubstitutesRoutes } from './modules/substitutes/substitutes.routes.ts';
import { createAbsentWaitingService } from './modules/substitutes/absent-waiting.service.ts';
import { createSystemSettingsService } from './modules/system-settings/system-settings.service.ts';
import { createExternalSystemService } from './modules/external-system/external-system.service.ts';
import { registerExternalSystemRoutes } from './modules/external-system/external-system.routes.ts';
import { registerSystemSettingsRoutes } from './modules/system-settings/system-settings.routes.ts';
import { createCompaniesService } from './modules/provider-admin/companies.service.ts';
import { registerCompaniesRoutes } from './modules/provider-admin/companies.routes.ts';
import { createMailingService } from './modules/provider-admin/mailing.service.ts';
import { registerMailingRoutes } from './modules/provider-admin/mailing.routes.ts';
import { mailingRepo } from './modules/provider-admin/mailing.repo.ts';
import { createLogsService } from './modules/logs/logs.service.ts';
import { registerLogsRoutes } from './modules/logs/logs.routes.ts';
import { createRatesService } from './modules/rates/rates.service.ts';
import { registerRatesRoutes } from './modules/rates/rates.routes.ts';
import { createNumberingService } from './modules/numbering/numbering.service.ts';
import { registerNumberingRoutes } from './modules/numbering/numbering.routes.ts';
import { createWorkflowService } from './modules/workflow/workflow.service.ts';
import { registerWorkflowRoutes } from './modules/workflow/workflow.routes.ts';
import { createSettlementCalculationService, type BaseOrderLookup, type BookingsTakenCheck, type OtherDelegationCheck } from './modules/settlement-calculation/settlement-calculation.service.ts';
import { findFormBaseOrder } from './modules/settlements/base-order.ts';
import { bookingsTakenElsewhereIssues } from './modules/settlements/form-bookings.ts';
import { createOtherDelegationCheck } from './modules/settlements/other-delegation.ts';
import { registerSettlementCalculationRoutes } from './modules/settlement-calculation/settlement-calculation.routes.ts';
import { createCompanyRatesCache } from './modules/settlement-calculation/company-rates-cache.ts';
import { registerMasterDataRoutes } from './modules/master-data.routes.ts';
import { createTripWorkflow, type TripWorkflow } from './modules/trip-workflow/trip-workflow.service.ts';
import { createDelegationOrderService } from './modules/delegation-order/delegation-order.service.ts';
import { registerDelegationOrderRoutes } from './modules/delegation-order/delegation-order.routes.ts';
import { createDelegationAdvanceService } from './modules/delegation-advance/delegation-advance.service.ts';
import { registerDelegationAdvanceRoutes } from './modules/delegation-advance/delegation-advance.routes.ts';
import { createDecisionLinkService } from './modules/decision-link/decision-link.service.ts';
import { registerDecisionLinkRoutes } from './modules/decision-link/decision-link.routes.ts';
import type { FileStorage } from './integrations/storage/file-storage.ts';
import { createMemoryStorage } from './integrations/storage/memory-storage.ts';
import { createAttachmentsService, type AttachmentsService } from './modules/settlements/attachments.service.ts';
import { createSettlementsService } from './modules/settlements/settlements.service.ts';
import { createDocumentListCache } from './modules/trip-workflow/document-list-cache.ts';
import { createTripDocumentsService } from './modules/settlements/trip-documents.service.ts';
import { registerSettlementRoutes } from './modules/settlements/settlements.routes.ts';
import { createBookingsService } from './modules/bookings/bookings.service.ts';
import { registerBookingRoutes } from './modules/bookings/bookings.routes.ts';
import { createBookingReportsService } from './modules/booking-reports/booking-reports.service.ts';
import { registerBookingReportRoutes } from './modules/booking-reports/booking-reports.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createTravelServiceService } from './modules/travel-service/travel-service.service.ts';
import { registerTravelServiceRoutes } from './modules/travel-service/travel-service.routes.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { registerInvoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { createOptimaService } from './modules/optima/optima.service.ts';
import { registerOptimaRoutes } from './modules/optima/optima.routes.ts';
import { createReportsService, ReportWorker } from './modules/reports/reports.service.ts';
import { registerReportRoutes } from './modules/reports/reports.routes.ts';
import { createBudgetsService } from './modules/budgets/budgets.service.ts';
import { registerBudgetRoutes } from './modules/budgets/budgets.routes.ts';
import { registerApiDocsRoutes } from './modules/api-docs/api-docs.routes.ts';
import serverPackage from '../package.json' with { type: 'json' };

export interface AppDependencies {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  exchangeRateProvider: ExchangeRateProvider;
  /** The maps service for the settlement's distance check; null: the distance is estimated from the places' coordinates. */
  distanceProvider: DistanceProvider | null;
  tokenSecret: string;
  publicUrl: string;
  /** Built web app to serve, or null for an API-only instance (tests). */
  webDist: string | null;
  /** Rate limits and login throttling; every caller states them (see `RequestLimits`). */
  limits: RequestLimits;
  /** Log requests (one-time tokens redacted from their URLs) at this level, to stdout or to `stream`. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Use a ready logger instance instead (e.g. a silent one in benches). */
  loggerInstance?: FastifyBaseLogger;
  /** Trust X-Forwarded-For from a proxy in front. */
  trustProxy?: boolean;
  /** Where attachment contents live; `server.ts` passes the local disk under `DATA_DIR/files`, tests and benches keep them in memory. */
  storage?: FileStorage;
  /** Closes `db` as the app's last close step, once the requests' work and the background workers are done (`server.ts`). */
  closeDatabase?: () => Promise<void>;
  /**
   * The database's change notifications: with the embedded database's (immediate) a request's session is read
   * only after it changed; with either, the settlement form's advice is kept until a change (ADR 0043, 0048).
   */
  databaseChanges?: DatabaseChanges;
}

export interface AppServices {
  auth: AuthService;
  outbox: OutboxWorker;
  exchangeRates: ExchangeRateService;
  /** Status transitions of trip orders and settlements, shared by both modules. */
  tripWorkflow: TripWorkflow;
  /** Settlement attachments; the cleanup job deletes uploads no settlement took over. */
  attachments: AttachmentsService;
  /** Generates trip reports in the background; `server.ts` starts its timer, tests wait for it with `idle()`. */
  reports: ReportWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** What requests still have running; the app's close waits for it before closing the database. */
    inFlight: InFlightWork;
    /** Every upload route's per-user rate and stored-bytes quota. */
    uploadLimits: UploadLimits;
  }
}

/**
 * Builds the whole HTTP application from injected dependencies. It never listens:
 * `server.ts` does that, and tests call `app.inject`.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.loggerInstance || !deps.logger ? false : { ...(deps.logger === true ? {} : deps.logger), serializers: { req: serializeRequestForLog } },
    loggerInstance: deps.loggerInstance,
    genReqId: () => randomUUID(),
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(storableInputValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', String(request.id));
  });

  app.decorate('inFlight', new InFlightWork());
  trackRequests(app);
  // After the count: a request waiting for its turn is already one that shutdown waits for.
  serveInArrivalOrder(app);
  // The first close hook runs last (Fastify runs them in reverse): after the workers' hook below.
  if (deps.closeDatabase) closeDatabaseWithApp(app, deps.closeDatabase);
  registerErrorHandler(app);
  await registerSecurity(app, deps.limits);
  // The common-password list takes about a second to load: started now, in the background, so the
  // first password change does not wait for it (a failure still reaches that change, which reports it).
  loadCommonPasswordCheck().catch(() => undefined);

  // A mailing's deliveries follow their outbox messages in the sending round's own transaction.
  const outbox = new OutboxWorker(deps.db, deps.mailer, app.log, [(tx, outcomes) => mailingRepo.recordOutcomes(tx, outcomes)]);
  const validities = createSessionValidityCache(deps.databaseChanges);
  // Registered after the database's close step, so it runs before it (Fastify runs close hooks in reverse).
  app.addHook('onClose', () => validities.stop());
  const auth = createAuthService({
    db: deps.db,
    validities,
    clock: deps.clock,
    signer: createTokenSigner(deps.tokenSecret),
    publicUrl: deps.publicUrl,
    onMailQueued: () => outbox.wake(),
    loginFailuresPerAddress: deps.limits.loginFailuresPerAddress,
    serverSecret: deps.tokenSecret,
  });
  const exchangeRates = createExchangeRateService({ db: deps.db, provider: deps.exchangeRateProvider });
  const tripWorkflow = createTripWorkflow({ db: deps.db, clock: deps.clock, publicUrl: deps.publicUrl, onMailQueued: () => outbox.wake() });
  const storage = deps.storage ?? createMemoryStorage();
  const attachments = createAttachmentsService({ db: deps.db, clock: deps.clock, storage, workflow: tripWorkflow });
  const reportWorker = new ReportWorker({ db: deps.db, storage, clock: deps.clock, log: app.log, publicUrl: deps.publicUrl, onMailQueued: () => outbox.wake() });
  app.decorate('services', { auth, outbox, exchangeRates, tripWorkflow, attachments, reports: reportWorker });
  registerAuthentication(app, (token) => auth.authenticate(token));
  registerUserRateLimit(app, deps.limits);
  app.decorate('uploadLimits', createUploadLimits(app, deps.db, deps.limits));

  bindEndpoint(app, healthApi.live, () => ({ status: 'ok' as const }));
  registerAuthRoutes(app, auth, { rateLimitPerMinute: deps.limits.authPerMinute });
  registerExchangeRateRoutes(app, exchangeRates);
  registerUsersRoutes(app, createUsersService({ db: deps.db, clock: deps.clock }));
  registerRolesRoutes(app, createRolesService({ db: deps.db, clock: deps.clock }));
  registerSystemSettingsRoutes(app, createSystemSettingsService({ db: deps.db }));
  registerExternalSystemRoutes(app, createExternalSystemService({ db: deps.db, clock: deps.clock, serverSecret: deps.tokenSecret }));
  registerCompaniesRoutes(app, createCompaniesService({ db: deps.db, clock: deps.clock, publicUrl: deps.publicUrl, onMailQueued: () => outbox.wake() }), auth);
  registerMailingRoutes(app, createMailingService({ db: deps.db, clock: deps.clock, onMailQueued: () => outbox.wake() }));
  registerLogsRoutes(app, createLogsService({ db: deps.db }));
  registerRatesRoutes(app, createRatesService({ db: deps.db, clock: deps.clock }));
  registerNumberingRoutes(app, createNumberingService({ db: deps.db }));
  registerWorkflowRoutes(app, createWorkflowService({ db: deps.db, clock: deps.clock }));
  // Rate data per company and rates version, shared by every calculation (form changes, saves, order estimates).
  const rates = createCompanyRatesCache();
  const locations = createLocationService({ db: deps.db });
  const distances = createSettlementDistances({
    db: deps.db,
    provider: deps.distanceProvider,
    locations,
    onFailure: (error) => app.log.warn({ err: error }, 'The maps service failed; the distance is estimated from the coordinates'),
  });
  const otherDelegationCheck = createOtherDelegationCheck(deps.db, deps.databaseChanges);
  // Runs before the database's close step, like the validities' (Fastify runs close hooks in reverse).
  app.addHook('onClose', () => otherDelegationCheck.stop());
  // Ready once its answers may be kept (or listening failed), so the first calls need not read twice.
  app.addHook('onReady', () => otherDelegationCheck.started);
  const otherDelegations: OtherDelegationCheck = otherDelegationCheck.issues;
  const baseOrder: BaseOrderLookup = (companyId, employeeId, form, ownId) => findFormBaseOrder(deps.db, companyId, form, employeeId, ownId);
  const bookingsTaken: BookingsTakenCheck = (companyId, form, ownId) => bookingsTakenElsewhereIssues(deps.db, companyId, form, ownId);
  registerSettlementCalculationRoutes(app, createSettlementCalculationService({ db: deps.db, clock: deps.clock, rates, ...distances, otherDelegations, baseOrder, bookingsTaken }));
  const listPages = createDocumentListCache(deps.databaseChanges);
  app.addHook('onClose', () => listPages.stop());
  app.addHook('onReady', () => listPages.started);
  const settlements = createSettlementsService({ db: deps.db, clock: deps.clock, workflow: tripWorkflow, attachments, rates, listPages, ...distances });
  registerSettlementRoutes(app, { settlements, attachments, documents: createTripDocumentsService({ db: deps.db, clock: deps.clock, workflow: tripWorkflow, settlements }) });
  registerMasterDataRoutes(app, { db: deps.db });
  const orders = createDelegationOrderService({ db: deps.db, clock: deps.clock, workflow: tripWorkflow, rates, listPages });
  registerDelegationOrderRoutes(app, orders);
  const advances = createDelegationAdvanceService({ db: deps.db, clock: deps.clock, workflow: tripWorkflow, attachments, publicUrl: deps.publicUrl, listPages, onMailQueued: () => outbox.wake() });
  registerDelegationAdvanceRoutes(app, advances);
  const bookings = createBookingsService({ db: deps.db, clock: deps.clock });
  registerBookingRoutes(app, bookings);
  registerBookingReportRoutes(app, createBookingReportsService({ db: deps.db }));
  registerDashboardRoutes(app, createDashboardService({ db: deps.db, clock: deps.clock }));
  const travelServices = createTravelServiceService({ db: deps.db, clock: deps.clock, publicUrl: deps.publicUrl, bookings, rates, listPages, onMailQueued: () => outbox.wake() });
  registerTravelServiceRoutes(app, travelServices);
  // The substitute's view of what waits for the absent reads the absent user's own lists.
  const absentWaiting = createAbsentWaitingService({ db: deps.db, clock: deps.clock, lists: { orders, settlements, advances, travelServices } });
  registerSubstitutesRoutes(app, createSubstitutesService({ db: deps.db, clock: deps.clock }), auth, absentWaiting);
  registerInvoiceRoutes(app, createInvoicesService({ db: deps.db, clock: deps.clock, storage, workflow: tripWorkflow }));
  registerReportRoutes(app, createReportsService({ db: deps.db, clock: deps.clock, storage, worker: reportWorker }));
  registerBudgetRoutes(app, createBudgetsService({ db: deps.db, clock: deps.clock }));
  registerOptimaRoutes(app, createOptimaService({ db: deps.db, clock: deps.clock }));
  registerLocationRoutes(app, locations);
  registerDecisionLinkRoutes(app, createDecisionLinkService({ db: deps.db, workflow: tripWorkflow }), { rateLimitPerMinute: deps.limits.authPerMinute });

  await registerApiDocsRoutes(app, serverPackage.version);
  await registerWebAndNotFound(app, deps.webDist);
  app.addHook('onClose', async () => {
    await outbox.stop();
    await reportWorker.stop();
  });
  return app;
}
