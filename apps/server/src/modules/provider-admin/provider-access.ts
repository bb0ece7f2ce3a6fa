import { AppError, ErrorCode, type Permission } from '@delego/domain';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { assertPermission } from '../../lib/access.ts';

/** Provider routes answer only in the provider-admin context (spec §6), and each to its own permission (ADR 0024). */
export function assertProvider(ctx: AuthenticatedContext, permission: Permission): void {
  if (!ctx.actor.isAdminContext) {
    throw new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'], params: { permission } });
  }
  assertPermission(ctx, permission);
}
