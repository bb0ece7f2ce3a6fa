import type { ComponentType } from 'react';
import type { ModuleName } from '@delego/domain';

/**
 * Who may open a route:
 * - `public`: anyone, inside the public layout;
 * - `any`: anyone, inside the shell when logged in and the public layout otherwise;
 * - `authenticated`: a logged-in user (and the module the path needs, see `modulesForPath`);
 * - `companyAdmin`: additionally the companyAdmin permission (spec §6, `/settings/**`);
 * - `adminContext`: the provider-admin context (spec §6, `/admin/**`).
 */
export type RouteAccess = 'public' | 'any' | 'authenticated' | 'companyAdmin' | 'adminContext';

/** Where a route guard sends a user whose company has the module switched off (spec §6). */
export const MODULE_NOT_AVAILABLE_PATH = '/module-not-available-in-that-company';

/** Loads a screen's code on first visit (spec §2: views load lazily). */
export type ScreenLoader = () => Promise<ComponentType>;

export interface AppRoute {
  path: string;
  /** Key in the `routes` namespace: the screen name for the tab title. */
  titleKey: string;
  access: RouteAccess;
  /** The screen. */
  load: ScreenLoader;
  /** The modules of which the user's company needs one for the path (`modulesForPath`); none needed when absent. */
  modules?: readonly ModuleName[] | null;
}
