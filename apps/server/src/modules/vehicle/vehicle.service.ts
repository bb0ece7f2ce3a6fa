import type { z } from 'zod';
import { AppError, ErrorCode, normalizePlates, platesKey, type VehicleType } from '@delego/domain';
import type { VehicleDto, vehicleBodySchema } from '@delego/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { can } from '../../lib/access.ts';
import { fieldError, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { documentUsageRepo } from '../document-usage/document-usage.repo.ts';
import { vehicleRepo, type VehicleScope, type VehicleVisibility, type VehicleWithOwner } from './vehicle.repo.ts';

type VehicleBody = z.output<typeof vehicleBodySchema>;

const forbidden = () => new AppError(ErrorCode.forbidden, { messages: ['You do not have permission to perform this action'] });

/**
 * Vehicles (spec §3, §5, §7). An administrator manages every vehicle of the company; an
 * employee manages their own private vehicles and sees the company's active ones. The
 * employee is the user acted as, so a substitute manages the absent colleague's vehicles.
 */
export function createVehicleService(deps: { db: Database }) {
  const { db } = deps;

  const isAdmin = (ctx: AuthenticatedContext) => can(ctx, 'companyAdmin');
  const visibilityOf = (ctx: AuthenticatedContext): VehicleVisibility => (isAdmin(ctx) ? { kind: 'all' } : { kind: 'employee', userId: ctx.actor.contextUserId });
  const canEdit = (ctx: AuthenticatedContext, vehicle: { isPrivate: boolean; ownerUserId: number | null }) =>
    isAdmin(ctx) || (vehicle.isPrivate && vehicle.ownerUserId === ctx.actor.contextUserId);

  function toDto(ctx: AuthenticatedContext, { row, ownerName }: VehicleWithOwner): VehicleDto {
    return {
      id: row.id,
      plates: row.plates,
      model: row.model,
      engine_capacity: row.engineCapacity,
      type: row.type as VehicleType,
      is_private: row.isPrivate,
      owner_user_id: row.ownerUserId,
      owner_name: ownerName,
      is_active: row.isActive,
      can_edit: canEdit(ctx, row),
    };
  }

  /** The vehicle when the actor may see it (404 otherwise) and change it (403 otherwise). */
  async function editable(ctx: AuthenticatedContext, tx: Executor, id: number) {
    const found = await vehicleRepo.findById(tx, ctx.actor.companyId, id);
    if (!found) throw notFoundError();
    const visible = isAdmin(ctx) || !found.row.isPrivate || found.row.ownerUserId === ctx.actor.contextUserId;
    if (!visible) throw notFoundError();
    if (!canEdit(ctx, found.row)) throw forbidden();
    return found;
  }

  return {
    async list(ctx: AuthenticatedContext, query: { page: number; page_size: number; sort: 'plates' | 'model' | 'engine_capacity' | 'type' | 'owner'; order: 'asc' | 'desc'; search?: string; scope?: VehicleScope; owner_user_id?: number }) {
      const { items, total } = await vehicleRepo.list(
        db,
        ctx.actor.companyId,
        visibilityOf(ctx),
        { ...query, ownerUserId: query.owner_user_id, userId: ctx.actor.contextUserId },
        pageWindow(query),
      );
      return { items: items.map((item) => toDto(ctx, item)), total };
    },

    async save(ctx: AuthenticatedContext, body: VehicleBody) {
      const companyId = ctx.actor.companyId;
      const admin = isAdmin(ctx);
      // An employee keeps only private vehicles, always their own.
      if (!admin && (!body.is_private || (body.owner_user_id != null && body.owner_user_id !== ctx.actor.contextUserId))) throw forbidden();
      const ownerUserId = !body.is_private ? null : admin ? (body.owner_user_id ?? null) : ctx.actor.contextUserId;
      if (body.is_private && ownerUserId === null) throw fieldError(['owner_user_id'], 'global.error.required');
      const plates = normalizePlates(body.plates);
      return db.transaction(async (tx) => {
        const existing = body.id === undefined ? null : await editable(ctx, tx, body.id);
        if (ownerUserId !== null && admin && !(await vehicleRepo.userExists(tx, companyId, ownerUserId))) throw notFoundError();
        if (await vehicleRepo.isPlatesTaken(tx, companyId, platesKey(plates), ownerUserId, body.id)) throw fieldError(['plates'], 'vehicle.platesTaken');
        const values = {
          ownerUserId,
          plates,
          model: body.model,
          engineCapacity: body.engine_capacity,
          type: body.type,
          isPrivate: body.is_private,
          isActive: body.is_active ?? existing?.row.isActive ?? true,
        };
        const id = existing ? existing.row.id : await vehicleRepo.insert(tx, companyId, values);
        if (existing) await vehicleRepo.update(tx, companyId, id, values);
        const saved = toDto(ctx, (await vehicleRepo.findById(tx, companyId, id))!);
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'vehicle',
          entityId: id,
          before: existing ? toDto(ctx, existing) : null,
          after: saved,
        });
        return { status: 'ok' as const, vehicle: saved };
      });
    },

    async delete(ctx: AuthenticatedContext, id: number) {
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const existing = await editable(ctx, tx, id);
        // Settlements keep the vehicle of their transport; it can be made inactive instead.
        const settlements = await documentUsageRepo.settlementsWithVehicle(tx, companyId, id);
        if (settlements > 0) throw fieldError(['id'], 'vehicle.inUse', { count: settlements });
        await vehicleRepo.delete(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'vehicle.delete', entityType: 'vehicle', entityId: id, before: toDto(ctx, existing) });
      });
      return { status: 'ok' as const };
    },
  };
}

export type VehicleService = ReturnType<typeof createVehicleService>;
