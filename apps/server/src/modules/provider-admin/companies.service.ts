import {
  applySystemSettingsPatch,
  normaliseCompanyCode,
  storedNip,
  validateNewCompany,
  validateSystemSettings,
  type Permission,
  type SystemSettings,
  type SystemSettingsPatch,
} from '@delego/domain';
import type { CompanyCreateBody, CompanyListItem } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import { refuseUniqueViolation } from '../../db/pg-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { assertNoIssues, fieldError, notFoundError } from '../../lib/app-errors.ts';
import { generateOneTimeToken, hashToken } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { authRepo } from '../auth/auth.repo.ts';
import { accountCreatedMail } from '../auth/auth.mails.ts';
import { PASSWORD_CHANGE_PURPOSE } from '../auth/auth.service.ts';
import { passwordHasher } from '../auth/password-hasher.ts';
import { outboxRepo } from '../mail/outbox.repo.ts';
import { rolesRepo } from '../roles/roles.repo.ts';
import { usersRepo } from '../users/users.repo.ts';
import { companiesRepo, type CompanyListFilter } from './companies.repo.ts';
import { assertProvider } from './provider-access.ts';

/** The first administrator's link to set a password works for a week, once. */
export const NEW_ACCOUNT_LINK_TTL_DAYS = 7;

/** The roles every new company starts with: its administrators' and its employees' (the default for new users). */
const STARTER_ROLES: { key: 'administrator' | 'employee'; name: string; description: string; isDefault: boolean; permissions: Permission[] }[] = [
  {
    key: 'administrator',
    name: 'Administrator firmy',
    description: 'Konfiguruje firmę: użytkowników, role, stawki i ustawienia',
    isDefault: false,
    permissions: ['companyAdmin', 'viewInvoices', 'reportDelegation', 'modifyDates', 'delegationForOthers', 'viewAllBookings', 'viewBookings'],
  },
  {
    key: 'employee',
    name: 'Pracownik',
    description: 'Zamawia i rozlicza własne podróże',
    isDefault: true,
    permissions: ['travelOrderSelf', 'viewBookingAssigned'],
  },
];

function listItemOf(row: { company: { id: number; code: string; name: string; nip: string | null; isActive: boolean; settings: SystemSettings; createdAt: Date }; userCount: number }): CompanyListItem {
  const { company } = row;
  return {
    id: company.id,
    code: company.code,
    name: company.name,
    nip: company.nip,
    is_active: company.isActive,
    modules: { ...company.settings.modules },
    user_count: row.userCount,
    created_at: company.createdAt.toISOString(),
  };
}

export function createCompaniesService(deps: { db: Database; clock: Clock; publicUrl: string; onMailQueued: () => void }) {
  const { db, clock } = deps;
  const codeTaken = () => fieldError(['code'], 'company.codeTaken');

  return {
    async list(ctx: AuthenticatedContext, query: CompanyListFilter & { page: number; page_size: number }) {
      assertProvider(ctx, 'manageCompanies');
      const { items, total } = await companiesRepo.list(db, query, pageWindow(query));
      return { items: items.map(listItemOf), total };
    },

    /**
     * Spec §6 manageCompanies: a company with the provider's defaults and the chosen modules, its two
     * starter roles and its first administrator, who gets an e-mail with a one-time link to set a password
     * (no password travels or is chosen by the provider). One transaction, audited in both companies.
     * `initialPasswordHash` is for the demo seed alone: the administrator gets that password and no e-mail.
     */
    async create(ctx: AuthenticatedContext, body: CompanyCreateBody, options: { initialPasswordHash?: string } = {}) {
      assertProvider(ctx, 'manageCompanies');
      const code = normaliseCompanyCode(body.code);
      const administrator = { ...body.administrator, login: body.administrator.login.trim(), email: body.administrator.email.trim() };
      const issues = validateNewCompany({ code, name: body.name, nip: body.nip, administrator });
      if (issues.length === 0 && (await companiesRepo.isCodeTaken(db, code))) issues.push({ path: ['code'], code: 'company.codeTaken' });
      assertNoIssues(issues);

      const now = clock.now();
      const token = generateOneTimeToken();
      // The account needs a hash until its owner sets a password; this one matches no password anyone knows.
      const passwordHash = options.initialPasswordHash ?? (await passwordHasher.hash(generateOneTimeToken()));
      const created = await refuseUniqueViolation(
        () =>
          db.transaction(async (tx) => {
            const defaults = await companiesRepo.newCompanySettings(tx);
            const company = await companiesRepo.insert(tx, {
              code,
              name: body.name.trim(),
              nip: storedNip(body.nip),
              settings: applySystemSettingsPatch(defaults, { modules: body.modules }),
            });
            const roleIds = new Map<string, number>();
            for (const role of STARTER_ROLES) {
              const row = await rolesRepo.insert(tx, company.id, { name: role.name, description: role.description, parentRoleId: null, isDefault: role.isDefault });
              await rolesRepo.replacePermissions(tx, row.id, role.permissions);
              roleIds.set(role.key, row.id);
            }
            const user = await usersRepo.insert(tx, company.id, {
              login: administrator.login,
              name: administrator.name.trim(),
              surname: administrator.surname.trim(),
              email: administrator.email,
              language: administrator.language,
              passwordHash,
              position: null,
            });
            await usersRepo.replaceRoles(tx, user.id, [roleIds.get('administrator')!, roleIds.get('employee')!]);
            if (options.initialPasswordHash === undefined) {
              await authRepo.createActionToken(tx, {
                companyId: company.id,
                userId: user.id,
                purpose: PASSWORD_CHANGE_PURPOSE,
                tokenHash: hashToken(token),
                expiresAt: new Date(now.getTime() + NEW_ACCOUNT_LINK_TTL_DAYS * 86_400_000),
                now,
              });
              await outboxRepo.enqueue(
                tx,
                company.id,
                accountCreatedMail({
                  to: user.email,
                  language: user.language,
                  link: `${deps.publicUrl}/action-by-link/user/passwordChange/${token}`,
                  login: user.login,
                  companyCode: company.code,
                  companyName: company.name,
                  days: NEW_ACCOUNT_LINK_TTL_DAYS,
                }),
              );
            }
            const after = { code: company.code, name: company.name, nip: storedNip(body.nip), modules: company.settings.modules, administrator_login: user.login };
            await recordAudit(tx, ctx, { companyId: ctx.actor.companyId, action: 'company.create', entityType: 'company', entityId: company.id, after });
            await recordAudit(tx, ctx, { companyId: company.id, action: 'company.create', entityType: 'company', entityId: company.id, after });
            return company.id;
          }),
        codeTaken,
      );
      if (options.initialPasswordHash === undefined) deps.onMailQueued();
      return { status: 'ok' as const, company: listItemOf((await companiesRepo.findListItem(db, created))!) };
    },

    /**
     * Disabling keeps every row: the company's users are refused at login (`verifyCredentials`) and
     * their open sessions end now; the state change raises the company's actor version, so a cached
     * actor of it, in any process, is rebuilt and refused on its next request (ADR 0017).
     */
    async setActive(ctx: AuthenticatedContext, id: number, isActive: boolean) {
      assertProvider(ctx, 'manageCompanies');
      await db.transaction(async (tx) => {
        const row = await companiesRepo.findListItem(tx, id);
        if (!row) throw notFoundError();
        if (row.company.isActive === isActive) return;
        await companiesRepo.setActive(tx, id, isActive);
        const endedSessions = isActive ? 0 : await companiesRepo.endCompanySessions(tx, id, clock.now(), 'companyDisabled');
        const action = isActive ? 'company.enable' : 'company.disable';
        const after = { code: row.company.code, is_active: isActive, ended_sessions: endedSessions };
        await recordAudit(tx, ctx, { companyId: ctx.actor.companyId, action, entityType: 'company', entityId: id, after });
        await recordAudit(tx, ctx, { companyId: id, action, entityType: 'company', entityId: id, after });
      });
      return { status: 'ok' as const };
    },

    async getDefaults(ctx: AuthenticatedContext) {
      assertProvider(ctx, 'mainDbSettings');
      return { settings: await companiesRepo.newCompanySettings(db) };
    },

    /** Spec §6 mainDbSettings: changes only the keys sent; companies made before keep their own settings. */
    async saveDefaults(ctx: AuthenticatedContext, patch: SystemSettingsPatch) {
      assertProvider(ctx, 'mainDbSettings');
      const change: SystemSettingsPatch = patch.ip_allow_list
        ? { ...patch, ip_allow_list: patch.ip_allow_list.map((entry) => entry.trim()).filter((entry) => entry !== '') }
        : patch;
      return db.transaction(async (tx) => {
        const before = await companiesRepo.newCompanySettings(tx, { forUpdate: true });
        const settings = applySystemSettingsPatch(before, change);
        assertNoIssues(validateSystemSettings(settings));
        await companiesRepo.saveNewCompanySettings(tx, settings);
        const keys = (Object.keys(settings) as (keyof SystemSettings)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(settings[key]));
        await recordAudit(tx, ctx, {
          companyId: ctx.actor.companyId,
          action: 'providerSettings.update',
          entityType: 'providerSettings',
          before: Object.fromEntries(keys.map((key) => [key, before[key]])),
          after: Object.fromEntries(keys.map((key) => [key, settings[key]])),
        });
        return { status: 'ok' as const, settings };
      });
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
