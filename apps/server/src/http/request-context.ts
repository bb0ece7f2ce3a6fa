import type { PermissionMap, SystemSettings } from '@delego/domain';

/** The signed-in actor of a request: who, acting as whom, in which company. */
export interface Actor {
  sessionId: string;
  companyId: number;
  companyCode: string;
  userId: number;
  /** The user acted as; equals userId unless logged in as someone else. */
  contextUserId: number;
  login: string;
  name: string;
  surname: string;
  email: string;
  isExternalUser: boolean;
  /** Where an external-system user is sent when the session ends: the company's main system. */
  externalReturnUrl: string | null;
  companyName: string;
  contextUserLogin: string;
  permissions: PermissionMap;
  contextPermissions: PermissionMap;
  language: string;
  settings: SystemSettings;
  /** The company's `rates_version`, read with the session: the calculation's rate cache is keyed by it. */
  ratesVersion: number;
  /** The company's `actor_version` this actor was built at (`auth/actor-cache.ts`): caches of users' data key by it. */
  actorVersion: number;
  /** How many absent colleagues the user may log in as today (substitutes raise the actor version; actors are rebuilt daily). */
  substituteCount: number;
  isAdminContext: boolean;
  /**
   * Set while a provider administrator acts in a company's context (spec §6): their own company (`admin`).
   * `companyId` and the context user are then the company's and its administrator's, `userId` the provider's.
   */
  providerCompanyId?: number;
}

/** What every service call receives first. */
export interface RequestContext {
  requestId: string;
  ip: string;
  userAgent: string | undefined;
}

export interface AuthenticatedContext extends RequestContext {
  actor: Actor;
}
