import { USER_TABS, type UserTab } from './user-form.ts';

/**
 * Where the user screens run: the company's `/settings/users` (every tab, inside the settings
 * navigation) or the provider's own users on `/admin/users` (spec §2: basic data and roles and
 * permissions only), which call the same endpoints in the admin context.
 */
export interface UsersArea {
  listPath: '/settings/users' | '/admin/users';
  tabs: readonly UserTab[];
  /** Inside the company settings: the settings tab bar and the links to the user's action log. */
  isCompanySettings: boolean;
}

export const COMPANY_USERS: UsersArea = { listPath: '/settings/users', tabs: USER_TABS, isCompanySettings: true };
export const PROVIDER_USERS: UsersArea = { listPath: '/admin/users', tabs: ['basic', 'roles-and-permissions'], isCompanySettings: false };

export const userEditPath = (area: UsersArea, id: number, tab: UserTab) => `${area.listPath}/edit/${id}/${tab}`;

/** The user id in an editor path of the area (provider users' ids are negative), or undefined. */
export function userIdInPath(area: UsersArea, pathname: string): string | undefined {
  const prefix = `${area.listPath}/edit/`;
  if (!pathname.startsWith(prefix)) return undefined;
  return /^(-?\d+)\//.exec(pathname.slice(prefix.length))?.[1];
}
