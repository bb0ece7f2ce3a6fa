import {
  AppError,
  ErrorCode,
  defaultWorkflow,
  resolveApprovers,
  toLocalDate,
  validateWorkflow,
  workflowDefinitionSchema,
  type Issue,
  type ResolvedApprovalPath,
  type SystemSettings,
  type WorkflowDefinition,
  type WorkflowDocumentKind,
  type WorkflowTrip,
} from '@delego/domain';
import type { BodyOf, workflowApi } from '@delego/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertPermission } from '../../lib/access.ts';
import { conflictError, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { workflowRepo, type DirectoryUserRow, type WorkflowRow } from './workflow.repo.ts';


/** The company's approval path of a kind: the saved one, or the default (docs/domain/workflow.md). */
export async function loadWorkflow(
  db: Executor,
  companyId: number,
  settings: Pick<SystemSettings, 'superior_is_acceptor'>,
  kind: WorkflowDocumentKind,
): Promise<{ definition: WorkflowDefinition; version: number; isDefault: boolean; updatedAt: Date | null }> {
  const saved = await workflowRepo.find(db, companyId, kind);
  const parsed = saved ? workflowDefinitionSchema.safeParse(saved.definition) : null;
  if (saved && parsed?.success) return { definition: parsed.data, version: saved.version, isDefault: false, updatedAt: saved.updatedAt };
  return { definition: defaultWorkflow(kind, { superiorIsAcceptor: settings.superior_is_acceptor }), version: saved?.version ?? 0, isDefault: !saved, updatedAt: saved?.updatedAt ?? null };
}

function directoryOf(rows: readonly DirectoryUserRow[]) {
  return {
    users: rows.map((row) => ({
      id: row.id,
      superior_id: row.superiorId,
      is_active: row.isActive,
      accepts_substantive: row.acceptsSubstantive,
      accepts_financial: row.acceptsFinancial,
    })),
  };
}

/**
 * Who approves a trip of the company, step by step (the document workflow of trip orders and
 * settlements runs on this): the company's saved path or the default one, evaluated against the
 * company's users and their acceptance permissions on `today` (`YYYY-MM-DD`, Warsaw).
 */
export async function resolveTripApprovers(
  db: Executor,
  company: { id: number; settings: Pick<SystemSettings, 'superior_is_acceptor'> },
  kind: WorkflowDocumentKind,
  trip: WorkflowTrip,
  today: string,
): Promise<ResolvedApprovalPath & { budgetKeeperIds: number[] }> {
  const [workflow, people] = await Promise.all([loadWorkflow(db, company.id, company.settings, kind), workflowRepo.directory(db, company.id, today)]);
  const budgetKeeperIds = people.filter((person) => person.isActive && person.keepsBudgets).map((person) => person.id);
  return { ...resolveApprovers({ kind, definition: workflow.definition }, trip, directoryOf(people)), budgetKeeperIds };
}

function toWorkflowDto(kind: WorkflowDocumentKind, workflow: { definition: WorkflowDefinition; version: number; isDefault: boolean; updatedAt: Date | null }) {
  return {
    document_kind: kind,
    definition: workflow.definition,
    version: workflow.version,
    is_default: workflow.isDefault,
    updated_at: workflow.updatedAt?.toISOString() ?? null,
  };
}

const withDefinitionPrefix = (issues: readonly Issue[]): Issue[] => issues.map((issue) => ({ ...issue, path: ['definition', ...issue.path] }));

export function createWorkflowService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const today = () => toLocalDate(clock.now());

  async function references(executor: Executor, companyId: number) {
    const [people, centres, tasks] = await Promise.all([
      workflowRepo.directory(executor, companyId, today()),
      workflowRepo.costCentres(executor, companyId),
      workflowRepo.delegationTasks(executor, companyId),
    ]);
    return { people, centres, tasks };
  }

  return {
    /** Spec §7 `GET settings/workflow/get-data`: users, cost_centres and delegation_tasks of the company. */
    async getData(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      const { people, centres, tasks } = await references(db, ctx.actor.companyId);
      return {
        users: people.map((person) => ({
          id: person.id,
          name: person.name,
          surname: person.surname,
          login: person.login,
          superior_id: person.superiorId,
          is_active: person.isActive,
          accepts_substantive: person.acceptsSubstantive,
          accepts_financial: person.acceptsFinancial,
        })),
        cost_centres: centres.map((centre) => ({ id: centre.id, ordinate: centre.ordinate, name: centre.name, enabled_for_new: centre.enabledForNew })),
        delegation_tasks: tasks.map((task) => ({ id: task.id, name_pl: task.namePl, name_en: task.nameEn, enabled_for_new: task.enabledForNew })),
      };
    },

    async get(ctx: AuthenticatedContext, kind: WorkflowDocumentKind) {
      assertPermission(ctx, 'companyAdmin');
      return toWorkflowDto(kind, await loadWorkflow(db, ctx.actor.companyId, ctx.actor.settings, kind));
    },

    /**
     * Saves a path after the graph rules and a check that every person, purpose and cost centre is
     * the company's. The version the editor loaded must still be current (409 otherwise).
     */
    async save(ctx: AuthenticatedContext, body: BodyOf<typeof workflowApi.save>) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const definition = workflowDefinitionSchema.parse(body.definition);
      return db.transaction(async (tx) => {
        const { people, centres, tasks } = await references(tx, companyId);
        const issues = validateWorkflow(definition, body.document_kind, {
          userIds: new Set(people.map((person) => person.id)),
          taskIds: new Set(tasks.map((task) => task.id)),
          costCentreIds: new Set(centres.map((centre) => centre.id)),
        });
        if (issues.length > 0) throw new AppError(ErrorCode.validationFailed, { issues: withDefinitionPrefix(issues) });
        const before: WorkflowRow | null = await workflowRepo.findForUpdate(tx, companyId, body.document_kind);
        const saved = await workflowRepo.save(tx, companyId, body.document_kind, definition, body.version);
        if (!saved) {
          throw conflictError(['version'], 'workflow.versionConflict', { version: before?.version ?? 0 });
        }
        await recordAudit(tx, ctx, {
          companyId,
          action: 'workflow.save',
          entityType: 'workflow',
          entityId: body.document_kind,
          before: before ? { version: before.version, definition: before.definition } : null,
          after: { version: saved.version, definition },
        });
        return { status: 'ok' as const, workflow: toWorkflowDto(body.document_kind, { definition, version: saved.version, isDefault: false, updatedAt: saved.updatedAt }) };
      });
    },

    /** Drops the saved path: the company's default applies again. */
    async reset(ctx: AuthenticatedContext, kind: WorkflowDocumentKind) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const before = await workflowRepo.findForUpdate(tx, companyId, kind);
        if (!before) return;
        await workflowRepo.delete(tx, companyId, kind);
        await recordAudit(tx, ctx, { companyId, action: 'workflow.reset', entityType: 'workflow', entityId: kind, before: { version: before.version, definition: before.definition } });
      });
      return { status: 'ok' as const, workflow: toWorkflowDto(kind, await loadWorkflow(db, companyId, ctx.actor.settings, kind)) };
    },

    /** "Who would approve this": the steps of a sample trip under the editor's (or the saved) path. */
    async preview(ctx: AuthenticatedContext, body: BodyOf<typeof workflowApi.preview>) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const { people, centres, tasks } = await references(db, companyId);
      const { trip } = body;
      if (!people.some((person) => person.id === trip.employee_id)) throw notFoundError();
      if (trip.task_id !== null && !tasks.some((task) => task.id === trip.task_id)) throw notFoundError();
      if (trip.cost_centre_id !== null && !centres.some((centre) => centre.id === trip.cost_centre_id)) throw notFoundError();
      const definition = body.definition ?? (await loadWorkflow(db, companyId, ctx.actor.settings, body.document_kind)).definition;
      const result = resolveApprovers({ kind: body.document_kind, definition }, trip, directoryOf(people));
      const byId = new Map(people.map((person) => [person.id, person]));
      return {
        node_ids: result.node_ids,
        issues: result.issues,
        steps: result.steps.map((step) => ({
          node_id: step.node_id,
          kind: step.kind,
          fallback: step.fallback,
          acceptors: step.acceptors.map((acceptor) => ({
            user_id: acceptor.user_id,
            name: byId.get(acceptor.user_id)?.name ?? '',
            surname: byId.get(acceptor.user_id)?.surname ?? '',
            source: acceptor.source,
          })),
        })),
      };
    },
  };
}

export type WorkflowService = ReturnType<typeof createWorkflowService>;
