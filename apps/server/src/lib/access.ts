import { AppError, CATALOGUE_MESSAGES, ErrorCode, hasPermission, type Permission } from '@delego/domain';
import type { AuthenticatedContext } from '../http/request-context.ts';

/**
 * The permissions that count for a request: while acting for an absent colleague,
 * the context user's map (spec §6); otherwise the user's own, which is the same map.
 */
export function can(ctx: AuthenticatedContext, permission: Permission): boolean {
  return hasPermission(ctx.actor.contextPermissions, permission);
}

/** Refuses the request with 403 unless the actor holds the permission. */
export function assertPermission(ctx: AuthenticatedContext, permission: Permission): void {
  if (!can(ctx, permission)) {
    throw new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'], params: { permission } });
  }
}

/**
 * The people besides the actor out of those they may create trip documents for, for a screen that
 * needs someone else; none refuses with spec §6's "no users assigned" (ADR 0036).
 */
export function othersOrRefuse<Person extends { id: number }>(ctx: AuthenticatedContext, people: Person[]): Person[] {
  const others = people.filter((person) => person.id !== ctx.actor.contextUserId);
  if (others.length === 0) throw new AppError(ErrorCode.forbidden, { messages: [CATALOGUE_MESSAGES.noUsersAssigned] });
  return others;
}
