import { applySystemSettingsPatch, isIpAllowed, validateSystemSettings, type Issue, type SystemSettings, type SystemSettingsPatch } from '@delego/domain';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { assertPermission } from '../../lib/access.ts';
import { assertNoIssues, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { systemSettingsRepo } from './system-settings.repo.ts';


/** The keys whose values differ, so the audit row shows what changed and not the whole object. */
function changedKeys(before: SystemSettings, after: SystemSettings): (keyof SystemSettings)[] {
  return (Object.keys(after) as (keyof SystemSettings)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

export function createSystemSettingsService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async get(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      const settings = await systemSettingsRepo.find(db, ctx.actor.companyId);
      if (!settings) throw notFoundError();
      return { settings };
    },

    /** Changes the settings the body names; the others keep their saved values. */
    async save(ctx: AuthenticatedContext, patch: SystemSettingsPatch) {
      assertPermission(ctx, 'companyAdmin');
      const change: SystemSettingsPatch = patch.ip_allow_list
        ? { ...patch, ip_allow_list: patch.ip_allow_list.map((entry) => entry.trim()).filter((entry) => entry !== '') }
        : patch;
      return db.transaction(async (tx) => {
        const before = await systemSettingsRepo.find(tx, ctx.actor.companyId, { forUpdate: true });
        if (!before) throw notFoundError();
        const settings: SystemSettings = applySystemSettingsPatch(before, change);
        const issues: Issue[] = validateSystemSettings(settings);
        // The administrator saving the list must still be able to log in from where they are.
        if (issues.length === 0 && !isIpAllowed(ctx.ip, settings.ip_allow_list)) {
          issues.push({ path: ['ip_allow_list'], code: 'settings.ipListExcludesYou', params: { ip: ctx.ip } });
        }
        assertNoIssues(issues);
        await systemSettingsRepo.save(tx, ctx.actor.companyId, settings);
        const keys = changedKeys(before, settings);
        await recordAudit(tx, ctx, {
          companyId: ctx.actor.companyId,
          action: 'systemSettings.update',
          entityType: 'systemSettings',
          entityId: ctx.actor.companyId,
          before: Object.fromEntries(keys.map((key) => [key, before[key]])),
          after: Object.fromEntries(keys.map((key) => [key, settings[key]])),
        });
        return { status: 'ok' as const, settings };
      });
    },
  };
}

export type SystemSettingsService = ReturnType<typeof createSystemSettingsService>;
