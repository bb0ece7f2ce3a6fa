import { USER_OPTIONS_LIMIT, type MySubstituteSaveBody, type Substitute, type SubstituteSaveBody } from '@delego/contract';
import { substitutionState, toLocalDate, validateSubstitute, type Issue } from '@delego/domain';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertPermission } from '../../lib/access.ts';
import { assertNoIssues, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { userOptionRepo } from '../user-option/user-option.repo.ts';
import { substitutesRepo, type SubstituteListFilter } from './substitutes.repo.ts';

type SubstituteRecord = NonNullable<Awaited<ReturnType<typeof substitutesRepo.find>>>;
type Page = { page: number; page_size: number };

function toSubstitute(record: SubstituteRecord, today: string): Substitute {
  const { substitute, absentUser, substituteUser } = record;
  const person = (user: typeof absentUser) => ({ id: user.id, name: user.name, surname: user.surname, login: user.login });
  const period = { date_from: substitute.fromDate, date_to: substitute.toDate };
  return {
    id: substitute.id,
    absent_user: person(absentUser),
    substitute_user: person(substituteUser),
    ...period,
    comment: substitute.comment,
    state: substitutionState(period, today),
  };
}

/**
 * Substitutes (spec §3 Substitute, §6): everyone names their own substitutes on `/substitutes`,
 * the company administrator names them for anyone on `/settings/user-substitute`. Acting for
 * the absent colleague (login-as) is the auth service's.
 */
export function createSubstitutesService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const today = () => toLocalDate(clock.now());

  /** Checks and writes one substitute; `ownerId` limits editing to the substitutes of that absent user. */
  async function save(ctx: AuthenticatedContext, body: SubstituteSaveBody, ownerId: number | null): Promise<{ status: 'ok'; substitute: Substitute }> {
    const companyId = ctx.actor.companyId;
    const day = today();
    return db.transaction(async (tx) => {
      const existing = body.id === undefined ? null : await substitutesRepo.find(tx, companyId, body.id);
      if (body.id !== undefined && (!existing || (ownerId !== null && existing.substitute.absentUserId !== ownerId))) throw notFoundError();
      const previous = existing ? { date_from: existing.substitute.fromDate, date_to: existing.substitute.toDate } : null;
      const issues: Issue[] = validateSubstitute(body, day, previous);
      issues.push(...(await personIssues(tx, companyId, body)));
      assertNoIssues(issues);

      const values = {
        absentUserId: body.absent_user_id!,
        substituteUserId: body.substitute_user_id!,
        fromDate: body.date_from,
        toDate: body.date_to,
        comment: body.comment.trim(),
      };
      const id = existing ? existing.substitute.id : await substitutesRepo.insert(tx, companyId, values);
      if (existing) await substitutesRepo.update(tx, companyId, id, values);
      await recordSaveAudit(tx, ctx, { companyId, entityType: 'substitute', entityId: id, before: existing?.substitute ?? null, after: values });
      return { status: 'ok' as const, substitute: toSubstitute((await substitutesRepo.find(tx, companyId, id))!, day) };
    });
  }

  /** Both people must be users of the company; the substitute must be able to log in. */
  async function personIssues(tx: Executor, companyId: number, body: Pick<SubstituteSaveBody, 'absent_user_id' | 'substitute_user_id'>): Promise<Issue[]> {
    const issues: Issue[] = [];
    if (body.absent_user_id !== null && !(await substitutesRepo.userState(tx, companyId, body.absent_user_id))) {
      issues.push({ path: ['absent_user_id'], code: 'validation.unknownReference' });
    }
    if (body.substitute_user_id !== null) {
      const substitute = await substitutesRepo.userState(tx, companyId, body.substitute_user_id);
      if (!substitute) issues.push({ path: ['substitute_user_id'], code: 'validation.unknownReference' });
      else if (!substitute.isActive) issues.push({ path: ['substitute_user_id'], code: 'substitute.userInactive' });
    }
    return issues;
  }

  async function remove(ctx: AuthenticatedContext, id: number, ownerId: number | null) {
    const companyId = ctx.actor.companyId;
    await db.transaction(async (tx) => {
      const existing = await substitutesRepo.find(tx, companyId, id);
      if (!existing || (ownerId !== null && existing.substitute.absentUserId !== ownerId)) throw notFoundError();
      await substitutesRepo.delete(tx, companyId, id);
      await recordAudit(tx, ctx, { companyId, action: 'substitute.delete', entityType: 'substitute', entityId: id, before: existing.substitute });
    });
    return { status: 'ok' as const };
  }

  return {
    /** One's own substitutes and whom one substitutes: of the signed-in user, also while acting as someone. */
    async mine(ctx: AuthenticatedContext) {
      const day = today();
      const [mySubstitutes, substituting] = await Promise.all([
        substitutesRepo.ofUser(db, ctx.actor.companyId, 'absent', ctx.actor.userId),
        substitutesRepo.ofUser(db, ctx.actor.companyId, 'substitute', ctx.actor.userId),
      ]);
      return { my_substitutes: mySubstitutes.map((row) => toSubstitute(row, day)), substituting: substituting.map((row) => toSubstitute(row, day)) };
    },

    async colleagues(ctx: AuthenticatedContext, query: { search?: string; id?: number }) {
      const rows = await userOptionRepo.search(db, ctx.actor.companyId, { search: query.search, includeId: query.id }, USER_OPTIONS_LIMIT + 1);
      const items = rows
        .filter((row) => row.id !== ctx.actor.userId)
        .slice(0, USER_OPTIONS_LIMIT)
        .map((row) => ({ id: row.id, name: row.name, surname: row.surname, login: row.login, email: row.email, is_active: row.isActive }));
      return { items };
    },

    saveMine: (ctx: AuthenticatedContext, body: MySubstituteSaveBody) => save(ctx, { ...body, absent_user_id: ctx.actor.userId }, ctx.actor.userId),
    deleteMine: (ctx: AuthenticatedContext, id: number) => remove(ctx, id, ctx.actor.userId),

    async adminList(ctx: AuthenticatedContext, query: Page & Omit<SubstituteListFilter, 'today'>) {
      assertPermission(ctx, 'companyAdmin');
      const day = today();
      const { items, total } = await substitutesRepo.list(db, ctx.actor.companyId, { ...query, today: day }, pageWindow(query));
      return { total, items: items.map((item) => toSubstitute(item, day)) };
    },

    adminSave(ctx: AuthenticatedContext, body: SubstituteSaveBody) {
      assertPermission(ctx, 'companyAdmin');
      return save(ctx, body, null);
    },

    adminDelete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      return remove(ctx, id, null);
    },
  };
}

export type SubstitutesService = ReturnType<typeof createSubstitutesService>;
