import {
  allowedMailingActions,
  mailingLanguageOf,
  mailingMessageFor,
  normaliseMailingRules,
  validateMailing,
  validateMailingList,
  type Issue,
  type MailingDeliveryState,
  type MailingRecipientRule,
  type MailingStatus,
} from '@delego/domain';
import type { MailingBody, MailingDetail, MailingItem, MailingListBody, MailingListItem, MailingProgress } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { assertNoIssues, conflictError, fieldError, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { outboxRepo } from '../mail/outbox.repo.ts';
import { mailingRepo, type ListFilter, type RuleView } from './mailing.repo.ts';
import { assertProvider } from './provider-access.ts';

type Page = { page: number; page_size: number };

/** Line ends as the mail carries them; the text is plain, never markup. */
const plainText = (text: string) => text.replace(/\r\n?/g, '\n');

function progressOf(status: MailingStatus, counts: Record<MailingDeliveryState, number> | undefined): MailingProgress {
  const { queued, sent, failed } = counts ?? { queued: 0, sent: 0, failed: 0 };
  return { status, total: queued + sent + failed, queued, sent, failed };
}

type MailingRow = NonNullable<Awaited<ReturnType<typeof mailingRepo.findMailing>>>;

function itemOf({ mailing, author }: MailingRow, counts: Record<MailingDeliveryState, number> | undefined): MailingItem {
  const status = mailing.status as MailingStatus;
  return {
    id: mailing.id,
    subject_pl: mailing.subjectPl,
    subject_en: mailing.subjectEn,
    list_id: mailing.listId,
    list_name: mailing.listName,
    status,
    created_by: author,
    created_at: mailing.createdAt.toISOString(),
    sent_at: mailing.sentAt?.toISOString() ?? null,
    finished_at: mailing.finishedAt?.toISOString() ?? null,
    progress: progressOf(status, counts),
  };
}

export function createMailingService(deps: { db: Database; clock: Clock; onMailQueued: () => void }) {
  const { db, clock } = deps;
  const owner = (ctx: AuthenticatedContext) => ctx.actor.companyId;

  /** Rules checked and tidied: the list's own rules first, then every company and person they name must be a customer's. */
  async function checkedRules(fields: { name: string; rules: MailingRecipientRule[] }, extra: Issue[] = []): Promise<MailingRecipientRule[]> {
    const rules = normaliseMailingRules(fields.rules);
    const issues = [...validateMailingList({ name: fields.name, rules }), ...extra];
    const unknown = await mailingRepo.unknownTargets(db, rules);
    rules.forEach((rule, index) => {
      if (rule.kind !== 'user' && rule.company_id !== null && unknown.companyIds.has(rule.company_id)) issues.push({ path: ['rules', index, 'company_id'], code: 'mailing.companyUnknown' });
      if (rule.kind === 'user' && unknown.userIds.has(rule.user_id)) issues.push({ path: ['rules', index, 'user_id'], code: 'mailing.userUnknown' });
    });
    assertNoIssues(issues);
    return rules;
  }

  async function listItems(rows: { list: { id: number; name: string; updatedAt: Date }; mailingCount: number }[]): Promise<MailingListItem[]> {
    const rules = await mailingRepo.rulesOf(db, rows.map((row) => row.list.id));
    return rows.map(({ list, mailingCount }) => ({
      id: list.id,
      name: list.name,
      rules: (rules.get(list.id) ?? []).map((entry): RuleView => entry.view),
      mailing_count: mailingCount,
      updated_at: list.updatedAt.toISOString(),
    }));
  }

  async function loadMailing(ctx: AuthenticatedContext, id: number): Promise<MailingRow> {
    const row = await mailingRepo.findMailing(db, owner(ctx), id);
    if (!row) throw notFoundError();
    return row;
  }

  async function checkedMailing(ctx: AuthenticatedContext, body: MailingBody) {
    const fields = { ...body, subject_pl: body.subject_pl.trim(), subject_en: body.subject_en.trim(), body_pl: plainText(body.body_pl), body_en: plainText(body.body_en) };
    const issues = validateMailing(fields);
    const list = body.list_id === null ? null : await mailingRepo.findList(db, owner(ctx), body.list_id);
    if (body.list_id !== null && !list) issues.unshift({ path: ['list_id'], code: 'mailing.listUnknown' });
    assertNoIssues(issues);
    return { fields, list: list! };
  }

  return {
    // —— recipient lists ——

    async lists(ctx: AuthenticatedContext, query: ListFilter & Page) {
      assertProvider(ctx, 'manageMailingList');
      const { items, total } = await mailingRepo.listLists(db, owner(ctx), query, pageWindow(query));
      return { items: await listItems(items), total };
    },

    async getList(ctx: AuthenticatedContext, id: number) {
      assertProvider(ctx, 'manageMailingList');
      const list = await mailingRepo.findList(db, owner(ctx), id);
      if (!list) throw notFoundError();
      const [item] = await listItems([{ list, mailingCount: await mailingRepo.mailingsOfList(db, id) }]);
      const rules = (await mailingRepo.rulesOf(db, [id])).get(id) ?? [];
      return { list: item!, preview: await mailingRepo.preview(db, rules.map((entry) => entry.rule)) };
    },

    async preview(ctx: AuthenticatedContext, rules: MailingRecipientRule[]) {
      assertProvider(ctx, 'manageMailingList');
      return mailingRepo.preview(db, normaliseMailingRules(rules));
    },

    async createList(ctx: AuthenticatedContext, body: MailingListBody) {
      assertProvider(ctx, 'manageMailingList');
      const name = body.name.trim();
      const taken: Issue[] = (await mailingRepo.isListNameTaken(db, owner(ctx), name, null)) ? [{ path: ['name'], code: 'mailing.listNameTaken' }] : [];
      const rules = await checkedRules({ name, rules: body.rules }, taken);
      const id = await db.transaction(async (tx) => {
        const listId = await mailingRepo.insertList(tx, owner(ctx), name);
        await mailingRepo.replaceRules(tx, listId, rules);
        await recordAudit(tx, ctx, { companyId: owner(ctx), action: 'mailingList.create', entityType: 'mailingList', entityId: listId, after: { name, rules } });
        return listId;
      });
      return { status: 'ok' as const, id };
    },

    async updateList(ctx: AuthenticatedContext, body: MailingListBody & { id: number }) {
      assertProvider(ctx, 'manageMailingList');
      const name = body.name.trim();
      if (!(await mailingRepo.findList(db, owner(ctx), body.id))) throw notFoundError();
      const taken: Issue[] = (await mailingRepo.isListNameTaken(db, owner(ctx), name, body.id)) ? [{ path: ['name'], code: 'mailing.listNameTaken' }] : [];
      const rules = await checkedRules({ name, rules: body.rules }, taken);
      await db.transaction(async (tx) => {
        const before = await mailingRepo.findList(tx, owner(ctx), body.id, { forUpdate: true });
        if (!before) throw notFoundError();
        await mailingRepo.renameList(tx, owner(ctx), body.id, name);
        await mailingRepo.replaceRules(tx, body.id, rules);
        await recordAudit(tx, ctx, { companyId: owner(ctx), action: 'mailingList.update', entityType: 'mailingList', entityId: body.id, before: { name: before.name }, after: { name, rules } });
      });
      return { status: 'ok' as const };
    },

    /** A list a draft still uses stays (the draft would lose its recipients); sent mailings keep the list's name. */
    async deleteList(ctx: AuthenticatedContext, id: number) {
      assertProvider(ctx, 'manageMailingList');
      await db.transaction(async (tx) => {
        const list = await mailingRepo.findList(tx, owner(ctx), id, { forUpdate: true });
        if (!list) throw notFoundError();
        const drafts = await mailingRepo.draftsUsingList(tx, id);
        if (drafts > 0) throw conflictError(['id'], 'mailing.listInUse', { count: drafts });
        await mailingRepo.deleteList(tx, owner(ctx), id);
        await recordAudit(tx, ctx, { companyId: owner(ctx), action: 'mailingList.delete', entityType: 'mailingList', entityId: id, before: { name: list.name } });
      });
      return { status: 'ok' as const };
    },

    async companyOptions(ctx: AuthenticatedContext, search: string | undefined) {
      assertProvider(ctx, 'manageMailingList');
      return { items: await mailingRepo.companyOptions(db, search) };
    },

    async roleOptions(ctx: AuthenticatedContext, search: string | undefined, companyId: number | undefined) {
      assertProvider(ctx, 'manageMailingList');
      return { items: await mailingRepo.roleOptions(db, search, companyId) };
    },

    async userOptions(ctx: AuthenticatedContext, search: string | undefined) {
      assertProvider(ctx, 'manageMailingList');
      return { items: await mailingRepo.userOptions(db, search) };
    },

    // —— mailings ——

    async list(ctx: AuthenticatedContext, query: ListFilter & Page) {
      assertProvider(ctx, 'manageMailingList');
      const { items, total } = await mailingRepo.listMailings(db, owner(ctx), query, pageWindow(query));
      const progress = await mailingRepo.progressOf(db, items.map((row) => row.mailing.id));
      return { items: items.map((row) => itemOf(row, progress.get(row.mailing.id))), total };
    },

    async get(ctx: AuthenticatedContext, id: number): Promise<MailingDetail> {
      assertProvider(ctx, 'manageMailingList');
      const row = await loadMailing(ctx, id);
      const progress = await mailingRepo.progressOf(db, [id]);
      return {
        ...itemOf(row, progress.get(id)),
        body_pl: row.mailing.bodyPl,
        body_en: row.mailing.bodyEn,
        allowed_actions: allowedMailingActions(row.mailing.status as MailingStatus),
      };
    },

    async progress(ctx: AuthenticatedContext, id: number): Promise<MailingProgress> {
      assertProvider(ctx, 'manageMailingList');
      const row = await loadMailing(ctx, id);
      return progressOf(row.mailing.status as MailingStatus, (await mailingRepo.progressOf(db, [id])).get(id));
    },

    async deliveries(ctx: AuthenticatedContext, query: ListFilter & Page & { id: number; state: 'all' | MailingDeliveryState }) {
      assertProvider(ctx, 'manageMailingList');
      await loadMailing(ctx, query.id);
      const { items, total } = await mailingRepo.listDeliveries(db, query.id, query, pageWindow(query));
      return {
        items: items.map(({ delivery, userName, companyName }) => ({
          id: delivery.id,
          user_id: delivery.userId,
          user_name: userName,
          company_name: companyName,
          email: delivery.email,
          language: delivery.language as 'pl' | 'en',
          state: delivery.state as MailingDeliveryState,
          error: delivery.error,
          sent_at: delivery.sentAt?.toISOString() ?? null,
        })),
        total,
      };
    },

    async create(ctx: AuthenticatedContext, body: MailingBody) {
      assertProvider(ctx, 'manageMailingList');
      const { fields, list } = await checkedMailing(ctx, body);
      const id = await db.transaction(async (tx) => {
        const mailingId = await mailingRepo.insertMailing(tx, {
          companyId: owner(ctx),
          listId: list.id,
          listName: list.name,
          subjectPl: fields.subject_pl,
          subjectEn: fields.subject_en,
          bodyPl: fields.body_pl,
          bodyEn: fields.body_en,
          createdBy: ctx.actor.userId,
        });
        await recordAudit(tx, ctx, { companyId: owner(ctx), action: 'mailing.create', entityType: 'mailing', entityId: mailingId, after: { list: list.name, subject_pl: fields.subject_pl } });
        return mailingId;
      });
      return { status: 'ok' as const, id };
    },

    async update(ctx: AuthenticatedContext, body: MailingBody & { id: number }) {
      assertProvider(ctx, 'manageMailingList');
      await loadMailing(ctx, body.id);
      const { fields, list } = await checkedMailing(ctx, body);
      await db.transaction(async (tx) => {
        const row = await mailingRepo.findMailing(tx, owner(ctx), body.id, { forUpdate: true });
        if (!row) throw notFoundError();
        if (row.mailing.status !== 'draft') throw conflictError(['id'], 'mailing.notDraft');
        await mailingRepo.updateMailing(tx, owner(ctx), body.id, {
          listId: list.id,
          listName: list.name,
          subjectPl: fields.subject_pl,
          subjectEn: fields.subject_en,
          bodyPl: fields.body_pl,
          bodyEn: fields.body_en,
        });
        await recordAudit(tx, ctx, { companyId: owner(ctx), action: 'mailing.update', entityType: 'mailing', entityId: body.id, after: { list: list.name, subject_pl: fields.subject_pl } });
      });
      return { status: 'ok' as const };
    },

    async delete(ctx: AuthenticatedContext, id: number) {
      assertProvider(ctx, 'manageMailingList');
      await db.transaction(async (tx) => {
        const row = await mailingRepo.findMailing(tx, owner(ctx), id, { forUpdate: true });
        if (!row) throw notFoundError();
        if (row.mailing.status !== 'draft') throw conflictError(['id'], 'mailing.notDraft');
        await mailingRepo.deleteMailing(tx, owner(ctx), id);
        await recordAudit(tx, ctx, { companyId: owner(ctx), action: 'mailing.delete', entityType: 'mailing', entityId: id, before: { subject_pl: row.mailing.subjectPl } });
      });
      return { status: 'ok' as const };
    },

    /**
     * Resolves the list now and queues one outbox message per distinct address in its owner's language, with
     * a delivery record each, in one transaction; the outbox worker sends them after the commit and records
     * each message's fate on its delivery. Nothing is sent from the request.
     */
    async send(ctx: AuthenticatedContext, id: number) {
      assertProvider(ctx, 'manageMailingList');
      const progress = await db.transaction(async (tx) => {
        const row = await mailingRepo.findMailing(tx, owner(ctx), id, { forUpdate: true });
        if (!row) throw notFoundError();
        const { mailing } = row;
        if (mailing.status !== 'draft') throw conflictError(['id'], 'mailing.notDraft');
        if (mailing.listId === null) throw fieldError(['list_id'], 'global.error.required');
        const rules = ((await mailingRepo.rulesOf(tx, [mailing.listId])).get(mailing.listId) ?? []).map((entry) => entry.rule);
        const recipients = await mailingRepo.recipients(tx, rules);
        if (recipients.length === 0) throw conflictError(['list_id'], 'mailing.noRecipients');
        const texts = { subject_pl: mailing.subjectPl, subject_en: mailing.subjectEn, body_pl: mailing.bodyPl, body_en: mailing.bodyEn };
        const addressed = recipients.map((recipient) => ({ ...recipient, language: mailingLanguageOf(recipient.language) }));
        const outboxIds = await outboxRepo.enqueueMany(
          tx,
          owner(ctx),
          addressed.map((recipient) => ({ to: recipient.email, ...mailingMessageFor(texts, recipient.language) })),
        );
        await mailingRepo.insertDeliveries(
          tx,
          id,
          addressed.map((recipient) => ({ userId: recipient.userId, email: recipient.email, language: recipient.language, outboxId: outboxIds.get(recipient.email)! })),
        );
        await mailingRepo.updateMailing(tx, owner(ctx), id, { status: 'sending', sentAt: clock.now() });
        await recordAudit(tx, ctx, { companyId: owner(ctx), action: 'mailing.send', entityType: 'mailing', entityId: id, after: { list: mailing.listName, recipients: recipients.length } });
        return progressOf('sending', { queued: recipients.length, sent: 0, failed: 0 });
      });
      deps.onMailQueued();
      return { status: 'ok' as const, progress };
    },
  };
}

export type MailingService = ReturnType<typeof createMailingService>;
