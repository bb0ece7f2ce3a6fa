import { USER_OPTIONS_LIMIT } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { assertPermission } from '../../lib/access.ts';
import { userOptionRepo } from './user-option.repo.ts';

/** Users to choose from in the settings screens (a vehicle's owner, a travel-service acceptor). */
export function createUserOptionService(deps: { db: Database }) {
  return {
    async search(ctx: AuthenticatedContext, query: { search?: string; id?: number }) {
      assertPermission(ctx, 'companyAdmin');
      const rows = await userOptionRepo.search(deps.db, ctx.actor.companyId, { search: query.search, includeId: query.id }, USER_OPTIONS_LIMIT);
      return { items: rows.map((row) => ({ id: row.id, name: row.name, surname: row.surname, login: row.login, email: row.email, is_active: row.isActive })) };
    },
  };
}

export type UserOptionService = ReturnType<typeof createUserOptionService>;
