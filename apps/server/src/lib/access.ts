import { AppError, ErrorCode, hasPermission, type Permission } from '@delego/domain';
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
