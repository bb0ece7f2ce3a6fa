import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { createContractorService } from './contractor/contractor.service.ts';
import { registerContractorRoutes } from './contractor/contractor.routes.ts';
import { createCostCentreService } from './cost-centre/cost-centre.service.ts';
import { registerCostCentreRoutes } from './cost-centre/cost-centre.routes.ts';
import { createCustomPageService } from './custom-page/custom-page.service.ts';
import { registerCustomPageRoutes } from './custom-page/custom-page.routes.ts';
import { createDelegationTaskService } from './delegation-task/delegation-task.service.ts';
import { registerDelegationTaskRoutes } from './delegation-task/delegation-task.routes.ts';
import { createOrganizationUnitService } from './organization-unit/organization-unit.service.ts';
import { registerOrganizationUnitRoutes } from './organization-unit/organization-unit.routes.ts';
import { createTravelServiceSettingsService } from './travel-service-settings/travel-service-settings.service.ts';
import { registerTravelServiceSettingsRoutes } from './travel-service-settings/travel-service-settings.routes.ts';
import { createUserOptionService } from './user-option/user-option.service.ts';
import { registerUserOptionRoutes } from './user-option/user-option.routes.ts';
import { createVehicleService } from './vehicle/vehicle.service.ts';
import { registerVehicleRoutes } from './vehicle/vehicle.routes.ts';

/**
 * The company's master data (issue 4): cost centres, organisation structure, trip reasons,
 * contractors and projects, vehicles, custom pages and the travel-module settings.
 */
export function registerMasterDataRoutes(app: FastifyInstance, deps: { db: Database }): void {
  registerCostCentreRoutes(app, createCostCentreService(deps));
  registerOrganizationUnitRoutes(app, createOrganizationUnitService(deps));
  registerDelegationTaskRoutes(app, createDelegationTaskService(deps));
  registerContractorRoutes(app, createContractorService(deps));
  registerVehicleRoutes(app, createVehicleService(deps));
  registerCustomPageRoutes(app, createCustomPageService(deps));
  registerTravelServiceSettingsRoutes(app, createTravelServiceSettingsService(deps));
  registerUserOptionRoutes(app, createUserOptionService(deps));
}
