import type { DocumentKind, PermissionMap } from '@delego/domain';
import { createChangeNotifiedCache } from '../../db/change-notified-cache.ts';
import type { DatabaseChanges } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { deepFreeze } from '../../lib/deep-freeze.ts';
import { COMPANY_VERSIONS_CHANGED_CHANNEL } from '../auth/session-validity-cache.ts';

/** The channel of migrations 0032–0034: a statement changed what the document lists of the company (the payload) show. */
export const COMPANY_DOCUMENTS_CHANGED_CHANNEL = 'delego_company_documents_changed';

/**
 * Companies whose pages are kept at once, pages kept per company (viewers × filters × pages), and the longest page
 * kept (the screens ask for 25 rows; a page of up to 200 is read each time): at most about 100 000 rows in all.
 */
const MAX_COMPANIES = 32;
const MAX_PAGES_PER_COMPANY = 64;
const MAX_KEPT_ROWS = 50;

/** The permissions a viewer holds, as a key: the frozen map of a cached actor is read once. */
const permissionKeys = new WeakMap<PermissionMap, string>();
function permissionKey(permissions: PermissionMap): string {
  let key = permissionKeys.get(permissions);
  if (key === undefined) {
    key = Object.keys(permissions)
      .filter((permission) => permissions[permission as keyof PermissionMap])
      .sort()
      .join(',');
    permissionKeys.set(permissions, key);
  }
  return key;
}

export type DocumentListCache = ReturnType<typeof createDocumentListCache>;
/** The lists kept: trip orders, settlements, advances and travel-service orders. */
export type KeptListKind = DocumentKind | 'advance' | 'travelServiceOrder';

/**
 * Pages of the trip-order, settlement, advance and travel-service order lists (the client's and the provider's), kept per company until a
 * statement changes anything a page shows (the notification of migrations 0032–0034) and returned only when as current as a read
 * (ADR 0051): a list is where a user looks for what they have just done. A page is kept for one viewer, as the
 * company's actor version describes them (their permissions and everyone's names), the user signed in (whose unread
 * messages a travel-service page counts) and one query; nothing else decides what a page holds.
 */
export function createDocumentListCache(changes: DatabaseChanges | undefined) {
  const options = {
    maxKeysPerGroup: MAX_PAGES_PER_COMPANY,
    current: true,
    // Kept pages are shared by the requests that get them: frozen, so none can change another's.
    keep: (page: { items: readonly unknown[] }) => {
      if (page.items.length > MAX_KEPT_ROWS) return false;
      deepFreeze(page);
      return true;
    },
  };
  const pages = createChangeNotifiedCache<{ items: readonly unknown[] }>(changes, {
    ...options,
    channels: { [COMPANY_DOCUMENTS_CHANGED_CHANNEL]: (companyId) => companyId },
    maxGroups: MAX_COMPANIES,
  });
  // The provider's pages span companies: any company's change drops them, its documents' as well as its people's
  // names (its actor version, migration 0030), which the provider's own actor version does not follow.
  const providerPages = createChangeNotifiedCache<{ items: readonly unknown[] }>(changes, {
    ...options,
    channels: { [COMPANY_DOCUMENTS_CHANGED_CHANNEL]: () => null, [COMPANY_VERSIONS_CHANGED_CHANNEL]: () => null },
    maxGroups: 1,
  });
  const keyOf = (ctx: AuthenticatedContext, kind: KeptListKind, query: object) => {
    const { actor } = ctx;
    return `${kind}|${actor.contextUserId}|${actor.userId}|${actor.actorVersion}|${permissionKey(actor.contextPermissions)}|${JSON.stringify(query)}`;
  };
  return {
    page<T extends { items: readonly unknown[] }>(ctx: AuthenticatedContext, kind: KeptListKind, query: object, read: () => Promise<T>): Promise<T> {
      return pages.get(String(ctx.actor.companyId), keyOf(ctx, kind, query), read) as Promise<T>;
    },
    /** A page of a list the provider's consultants read across companies. */
    providerPage<T extends { items: readonly unknown[] }>(ctx: AuthenticatedContext, kind: KeptListKind, query: object, read: () => Promise<T>): Promise<T> {
      return providerPages.get('provider', keyOf(ctx, kind, query), read) as Promise<T>;
    },
    started: Promise.all([pages.started, providerPages.started]).then(() => undefined),
    stop: async () => {
      await Promise.all([pages.stop(), providerPages.stop()]);
    },
  };
}

/** For services made without the server's changes (scripts, tests): every page is read. */
export const UNKEPT_DOCUMENT_LISTS: DocumentListCache = createDocumentListCache(undefined);
