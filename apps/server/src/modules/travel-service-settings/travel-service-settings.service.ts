import type { z } from 'zod';
import {
  DEFAULT_TRAVEL_MAIL_SUBJECT,
  TRAVEL_MAIL_SUBJECT_TAGS,
  systemSettingsSchema,
  travelMailSubjectIssues,
  type TravelParameterType,
} from '@delego/domain';
import {
  TRAVEL_SERVICE_SETTING_KEYS,
  type TravelParameterDto,
  type TravelServiceSettings,
  type travelParameterBodySchema,
} from '@delego/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { assertPermission } from '../../lib/access.ts';
import { assertNoIssues, fieldError, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { travelServiceSettingsRepo, type TravelParameterRow } from './travel-service-settings.repo.ts';

type ParameterBody = z.output<typeof travelParameterBodySchema>;

function toParameterDto(row: TravelParameterRow): TravelParameterDto {
  return {
    id: row.id,
    name_pl: row.namePl,
    name_en: row.nameEn,
    type: row.type as TravelParameterType,
    options: row.options,
    default_value: row.defaultValue,
    is_required: row.isRequired,
    sort_order: row.sortOrder,
    is_active: row.isActive,
  };
}

function pickTravelSettings(settings: z.output<typeof systemSettingsSchema>): TravelServiceSettings {
  return {
    insurance_behaviour: settings.insurance_behaviour,
    offer_change_rule: settings.offer_change_rule,
    message_auto_read: settings.message_auto_read,
    is_insurance_separated: settings.is_insurance_separated,
    flight_is_return_route: settings.flight_is_return_route,
  };
}

/**
 * The travel module's settings: who accepts travel-service orders, the extra order fields, the
 * e-mail subject template and the travel keys of the system settings. The settings changes
 * merge only their own keys, so they never undo a concurrent change of another setting.
 */
export function createTravelServiceSettingsService(deps: { db: Database }) {
  const { db } = deps;

  async function currentSettings(tx: Executor, companyId: number, lock = false) {
    return systemSettingsSchema.parse((await travelServiceSettingsRepo.settingsOf(tx, companyId, { lock })) ?? {});
  }

  return {
    async acceptors(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      const rows = await travelServiceSettingsRepo.acceptors(db, ctx.actor.companyId);
      return { items: rows.map((row) => ({ user_id: row.id, name: row.name, surname: row.surname, login: row.login, email: row.email, is_active: row.isActive })) };
    },

    async addAcceptor(ctx: AuthenticatedContext, userId: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const user = await travelServiceSettingsRepo.findUser(tx, companyId, userId);
        if (!user) throw notFoundError();
        if (!user.isActive) throw fieldError(['user_id'], 'travelServiceAcceptor.userInactive');
        if (await travelServiceSettingsRepo.addAcceptor(tx, companyId, userId)) {
          await recordAudit(tx, ctx, { companyId, action: 'travelServiceAcceptor.add', entityType: 'travelServiceAcceptor', entityId: userId, after: { user_id: userId, login: user.login } });
        }
      });
      return { status: 'ok' as const };
    },

    async removeAcceptor(ctx: AuthenticatedContext, userId: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        if (!(await travelServiceSettingsRepo.removeAcceptor(tx, companyId, userId))) throw notFoundError();
        await recordAudit(tx, ctx, { companyId, action: 'travelServiceAcceptor.remove', entityType: 'travelServiceAcceptor', entityId: userId, before: { user_id: userId } });
      });
      return { status: 'ok' as const };
    },

    async parameters(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      return { items: (await travelServiceSettingsRepo.parameters(db, ctx.actor.companyId)).map(toParameterDto) };
    },

    async saveParameter(ctx: AuthenticatedContext, body: ParameterBody) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const values = {
        namePl: body.name_pl,
        nameEn: body.name_en,
        type: body.type,
        // Options mean something only for a select; another type keeps none.
        options: body.type === 'select' ? body.options : [],
        defaultValue: body.default_value === null || body.default_value === '' ? null : body.default_value,
        isRequired: body.is_required,
        sortOrder: body.sort_order,
        isActive: body.is_active,
      };
      return db.transaction(async (tx) => {
        const existing = body.id === undefined ? null : await travelServiceSettingsRepo.findParameter(tx, companyId, body.id);
        if (body.id !== undefined && !existing) throw notFoundError();
        const saved = existing
          ? await travelServiceSettingsRepo.updateParameter(tx, companyId, existing.id, values)
          : await travelServiceSettingsRepo.insertParameter(tx, companyId, values);
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'travelParameter',
          entityId: saved.id,
          before: existing ? toParameterDto(existing) : null,
          after: toParameterDto(saved),
        });
        return { status: 'ok' as const, parameter: toParameterDto(saved) };
      });
    },

    async deleteParameter(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const existing = await travelServiceSettingsRepo.findParameter(tx, companyId, id);
        if (!existing) throw notFoundError();
        await travelServiceSettingsRepo.deleteParameter(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'travelParameter.delete', entityType: 'travelParameter', entityId: id, before: toParameterDto(existing) });
      });
      return { status: 'ok' as const };
    },

    async mailSubject(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      const settings = await currentSettings(db, ctx.actor.companyId);
      return { template: settings.travel_service_mail_subject, default_template: DEFAULT_TRAVEL_MAIL_SUBJECT, tags: [...TRAVEL_MAIL_SUBJECT_TAGS] };
    },

    async saveMailSubject(ctx: AuthenticatedContext, template: string) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const value = template.trim();
      assertNoIssues(travelMailSubjectIssues(value));
      await db.transaction(async (tx) => {
        const before = await currentSettings(tx, companyId, true);
        await travelServiceSettingsRepo.mergeSettings(tx, companyId, { travel_service_mail_subject: value });
        await recordAudit(tx, ctx, {
          companyId,
          action: 'systemSettings.travelMailSubject',
          entityType: 'companySettings',
          entityId: companyId,
          before: { travel_service_mail_subject: before.travel_service_mail_subject },
          after: { travel_service_mail_subject: value },
        });
      });
      return { status: 'ok' as const, template: value };
    },

    async additionalSettings(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      return { settings: pickTravelSettings(await currentSettings(db, ctx.actor.companyId)) };
    },

    async saveAdditionalSettings(ctx: AuthenticatedContext, body: TravelServiceSettings) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const patch = Object.fromEntries(TRAVEL_SERVICE_SETTING_KEYS.map((key) => [key, body[key]]));
      await db.transaction(async (tx) => {
        const before = pickTravelSettings(await currentSettings(tx, companyId, true));
        await travelServiceSettingsRepo.mergeSettings(tx, companyId, patch);
        await recordAudit(tx, ctx, { companyId, action: 'systemSettings.travelService', entityType: 'companySettings', entityId: companyId, before, after: patch });
      });
      return { status: 'ok' as const, settings: pickTravelSettings(await currentSettings(db, companyId)) };
    },
  };
}

export type TravelServiceSettingsService = ReturnType<typeof createTravelServiceSettingsService>;
