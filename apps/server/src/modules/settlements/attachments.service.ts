import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError, ErrorCode, type DelegationForm, type Issue } from '@delego/domain';
import type { AttachmentDto, AttachmentSection } from '@delego/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthenticatedContext, RequestContext } from '../../http/request-context.ts';
import { notFoundError } from '../../lib/app-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { FILE_TYPE_INFO, sniffFileType } from '../../lib/file-type.ts';
import { zipStream } from '../../lib/zip-writer.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import type { TripWorkflow } from '../trip-workflow/trip-workflow.service.ts';
import { attachmentsRepo, PENDING_OWNER_KIND, SETTLEMENT_OWNER_KIND, type AttachmentRow, type FileOwner } from './attachments.repo.ts';

const MEGABYTE = 1024 * 1024;
const MAX_FILE_NAME_LENGTH = 200;
/** Uploads deleted per transaction by the cleanup, so a backlog never holds many locks at once. */
const CLEANUP_BATCH = 200;

/** A file to send back: its bytes (or a stream of them) and the name and type to send them under. */
export interface FileAnswer {
  fileName: string;
  contentType: string;
  content: Buffer | Readable;
  /** The byte count of a streamed content, sent as its length (a Buffer's is known). */
  size?: number;
}

/** Where the form names a file: `file_id` of a line, an advance's `files`, or the settlement's `file` list. */
export interface FileReference {
  id: number;
  /** The form field, for issues. */
  path: (string | number)[];
  section: AttachmentSection;
  itemKey: string | null;
}

export function toAttachmentDto(row: AttachmentRow): AttachmentDto {
  return {
    id: row.id,
    section: row.section as AttachmentSection,
    item_key: row.itemKey,
    file_name: row.fileName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    created_at: row.createdAt.toISOString(),
  };
}

function idOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** Every file the form names, at its place. An id that is not a whole number names no file. */
export function fileReferencesOf(form: DelegationForm): { references: FileReference[]; issues: Issue[] } {
  const references: FileReference[] = [];
  const issues: Issue[] = [];
  const add = (value: string | number | null | undefined, path: (string | number)[], section: AttachmentSection, itemKey: string | null) => {
    if (value === null || value === undefined || value === '') return;
    const id = idOf(value);
    if (id === null) issues.push({ path, code: 'validation.invalidValue' });
    else references.push({ id, path, section, itemKey });
  };
  form.transport.forEach((segment, index) => add(segment.file_id, ['transport', index, 'file_id'], 'transport', `transport.${index}`));
  form.country.forEach((part, partIndex) =>
    part.accommodation.forEach((entry, index) =>
      add(entry.file_id, ['country', partIndex, 'accommodation', index, 'file_id'], 'accommodation', `country.${partIndex}.accommodation.${index}`),
    ),
  );
  form.other.forEach((cost, index) => add(cost.file_id, ['other', index, 'file_id'], 'other', `other.${index}`));
  // Spec §3 "Advance … files": e.g. the transfer confirmation of the advance.
  form.advances.forEach((advance, index) =>
    (advance.files ?? []).forEach((value, fileIndex) => add(value, ['advances', index, 'files', fileIndex], 'advance', `advance.${index}`)),
  );
  (form.file ?? []).forEach((value, index) => add(value, ['file', index], 'document', null));
  const seen = new Set<number>();
  for (const reference of references) {
    if (seen.has(reference.id)) issues.push({ path: reference.path, code: 'delegation.fileAlreadyAttached' });
    seen.add(reference.id);
  }
  return { references, issues };
}

/** The name a file is stored and sent under: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string, extension: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are stripped on purpose
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(-MAX_FILE_NAME_LENGTH);
  return clean === '' || clean.startsWith('.') ? `plik${extension}` : clean;
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function uploadIssue(code: string, params?: Record<string, string | number>): AppError {
  return new AppError(ErrorCode.validationFailed, { issues: [{ path: ['file'], code, ...(params ? { params } : {}) }] });
}

/**
 * Attachments of settlements (spec §5 "Files"): uploaded files are checked by their content, kept in
 * the storage, and wait for the settlement's save, which places them at the lines naming them.
 */
export function createAttachmentsService(deps: { db: Database; clock: Clock; storage: FileStorage; workflow: TripWorkflow }) {
  const { db, clock, storage, workflow } = deps;

  /** A settlement's files may be read by whoever may see the settlement; a waiting upload by its uploader. */
  async function readable(ctx: AuthenticatedContext, row: AttachmentRow): Promise<boolean> {
    if (row.ownerKind === PENDING_OWNER_KIND) return row.ownerId === ctx.actor.userId;
    if (row.ownerKind === SETTLEMENT_OWNER_KIND) return (await workflow.visibleDocument(ctx, 'delegation', row.ownerId)) !== null;
    return false;
  }

  async function contentOf(row: AttachmentRow): Promise<Buffer> {
    const content = await storage.get(row.storageKey);
    // The row exists but the content is gone: an operations problem, not the user's.
    if (!content) throw new Error(`attachment ${row.id} has no content under ${row.storageKey}`);
    return content;
  }

  /** The company's size limit in bytes (spec §9: 3 MB unless configured). */
  const maxBytes = (ctx: AuthenticatedContext): number => ctx.actor.settings.attachment_max_mb * MEGABYTE;

  return {
    maxBytes,

    async upload(ctx: AuthenticatedContext, place: { section: AttachmentSection; item_key?: string }, file: { fileName: string; content: Buffer }): Promise<{ attachment: AttachmentDto }> {
      const settings = ctx.actor.settings;
      if (file.content.length === 0) throw uploadIssue('attachment.empty');
      if (file.content.length > maxBytes(ctx)) throw uploadIssue('attachment.tooLarge', { max_mb: settings.attachment_max_mb });
      const type = await sniffFileType(file.content);
      if (settings.pdf_attachment_only === 1 && type !== 'pdf') throw uploadIssue('attachment.pdfOnly');
      if (!type) throw uploadIssue('attachment.unsupportedType');
      // The document's files have no line; a line's file names its line; an advance's names it on the settlement
      // form (`advance.0`) but not on the advances screen, where the advance is the whole document.
      const keyed = place.item_key !== undefined;
      if (place.section === 'document' ? keyed : place.section !== 'advance' && !keyed) {
        throw new AppError(ErrorCode.validationFailed, { issues: [{ path: ['item_key'], code: 'validation.invalidValue' }] });
      }
      const info = FILE_TYPE_INFO[type];
      const companyId = ctx.actor.companyId;
      const storageKey = `c${companyId}/${randomUUID()}`;
      await storage.put(storageKey, file.content);
      try {
        return await db.transaction(async (tx) => {
          const row = await attachmentsRepo.insert(tx, {
            companyId,
            ownerKind: PENDING_OWNER_KIND,
            ownerId: ctx.actor.userId,
            section: place.section,
            itemKey: place.item_key ?? null,
            fileName: cleanFileName(file.fileName, info.extension),
            contentType: info.contentType,
            sizeBytes: file.content.length,
            sha256: createHash('sha256').update(file.content).digest('hex'),
            storageKey,
            uploadedById: ctx.actor.userId,
            // The cleanup job measures a waiting upload's age from here, on the same clock.
            createdAt: clock.now(),
          });
          await recordAudit(tx, ctx, {
            companyId,
            action: 'attachment.upload',
            entityType: 'attachment',
            entityId: row.id,
            after: { file_name: row.fileName, content_type: row.contentType, size_bytes: row.sizeBytes, section: row.section, item_key: row.itemKey },
          });
          return { attachment: toAttachmentDto(row) };
        });
      } catch (error) {
        await storage.delete(storageKey);
        throw error;
      }
    },

    /** Removes an upload no saved settlement holds yet (a saved settlement's file goes with its next save). */
    async deletePending(ctx: AuthenticatedContext, id: number): Promise<{ status: 'OK' }> {
      const companyId = ctx.actor.companyId;
      const row = await attachmentsRepo.find(db, companyId, id);
      if (!row || row.ownerKind !== PENDING_OWNER_KIND || row.ownerId !== ctx.actor.userId) throw notFoundError();
      await db.transaction(async (tx) => {
        await attachmentsRepo.delete(tx, companyId, [id]);
        await recordAudit(tx, ctx, { companyId, action: 'attachment.delete', entityType: 'attachment', entityId: id, before: toAttachmentDto(row) });
      });
      await storage.delete(row.storageKey);
      return { status: 'OK' };
    },

    async download(ctx: AuthenticatedContext, id: number): Promise<FileAnswer> {
      const row = await attachmentsRepo.find(db, ctx.actor.companyId, id);
      if (!row || !(await readable(ctx, row))) throw notFoundError();
      return { fileName: row.fileName, contentType: row.contentType, content: await contentOf(row) };
    },

    /** A saved file of another kind of document (an advance's), for whoever `mayRead` its owner; 404 otherwise. */
    async downloadOwned(ctx: AuthenticatedContext, id: number, ownerKind: FileOwner['kind'], mayRead: (ownerId: number) => Promise<boolean>): Promise<FileAnswer> {
      const row = await attachmentsRepo.find(db, ctx.actor.companyId, id);
      if (!row || row.ownerKind !== ownerKind || !(await mayRead(row.ownerId))) throw notFoundError();
      return { fileName: row.fileName, contentType: row.contentType, content: await contentOf(row) };
    },

    /** The saved files of several documents of one kind, by document id. */
    async ofOwners(executor: Executor, companyId: number, ownerKind: FileOwner['kind'], ownerIds: number[]): Promise<Map<number, AttachmentDto[]>> {
      const byOwner = new Map<number, AttachmentDto[]>();
      for (const row of await attachmentsRepo.ofOwners(executor, companyId, ownerKind, ownerIds)) {
        byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), toAttachmentDto(row)]);
      }
      return byOwner;
    },

    /** Every file of a settlement as a ZIP (spec §4 "download all documents"); 404 with the reason `noFiles` when there are none. */
    async downloadAll(ctx: AuthenticatedContext, delegationId: number): Promise<FileAnswer> {
      const visible = await workflow.visibleDocument(ctx, 'delegation', delegationId);
      if (!visible) throw notFoundError();
      const rows = await attachmentsRepo.ofOwner(db, ctx.actor.companyId, SETTLEMENT_OWNER_KIND, delegationId);
      if (rows.length === 0) throw new AppError(ErrorCode.notFound, { messages: ['No attached files'], params: { reason: 'noFiles' } });
      // Streamed: each file is read from the storage when the archive reaches it.
      const entries = rows.map((row) => ({ name: row.fileName, modifiedAt: row.createdAt, read: () => contentOf(row) }));
      const name = (visible.row.number ?? `rozliczenie-${delegationId}`).replace(/[^\p{L}\p{N}._-]+/gu, '_');
      return { fileName: `${name}-zalaczniki.zip`, contentType: 'application/zip', content: zipStream(entries) };
    },

    /**
     * Checks the files a document's form names: each must be the uploader's waiting upload or already
     * the document's own (`owner`, null for a new document). Returns the issues.
     */
    async checkReferences(executor: Executor, ctx: AuthenticatedContext, references: FileReference[], owner: FileOwner | null) {
      const rows = await attachmentsRepo.findMany(executor, ctx.actor.companyId, references.map((reference) => reference.id));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const issues: Issue[] = [];
      for (const reference of references) {
        const row = byId.get(reference.id);
        const usable =
          row !== undefined &&
          ((row.ownerKind === PENDING_OWNER_KIND && row.ownerId === ctx.actor.userId) ||
            (owner !== null && row.ownerKind === owner.kind && row.ownerId === owner.id));
        if (!usable) issues.push({ path: reference.path, code: row ? 'delegation.unauthorisedFieldChange' : 'delegation.fileMissing' });
      }
      return issues;
    },

    /**
     * In the save's transaction: places the named files in the document (a settlement, an advance) and
     * removes the document's files the form no longer names — deliberately at once: the saved document
     * was their only holder, and the user took them out of it. Returns the storage keys to delete once
     * the transaction committed. A named file that stopped being the uploader's waiting upload since
     * `checkReferences` (the cleanup job took it) refuses the save with `delegation.fileMissing`.
     */
    async placeFiles(tx: Executor, companyId: number, owner: FileOwner, references: FileReference[], uploaderId: number): Promise<string[]> {
      const current = await attachmentsRepo.ofOwner(tx, companyId, owner.kind, owner.id);
      const named = new Set(references.map((reference) => reference.id));
      const dropped = current.filter((row) => !named.has(row.id));
      await attachmentsRepo.delete(
        tx,
        companyId,
        dropped.map((row) => row.id),
      );
      const missing: Issue[] = [];
      for (const reference of references) {
        const placed = await attachmentsRepo.place(tx, companyId, reference.id, { uploaderId, owner }, { section: reference.section, itemKey: reference.itemKey });
        if (!placed) missing.push({ path: reference.path, code: 'delegation.fileMissing' });
      }
      if (missing.length > 0) throw new AppError(ErrorCode.validationFailed, { issues: missing });
      return dropped.map((row) => row.storageKey);
    },

    /**
     * The cleanup job, for one company: deletes the uploads no saved settlement took over that were
     * made before `uploadedBefore` — rows with an audit row each, then their contents once the
     * transaction committed (a content left behind by a failed delete is unreachable, never the
     * other way round). Returns how many were deleted.
     */
    async deleteUnlinkedUploads(ctx: RequestContext, companyId: number, uploadedBefore: Date): Promise<number> {
      let deleted = 0;
      for (;;) {
        const rows = await db.transaction(async (tx) => {
          const removed = await attachmentsRepo.deleteUploadsBefore(tx, companyId, uploadedBefore, CLEANUP_BATCH);
          for (const row of removed) {
            await recordAudit(tx, ctx, {
              companyId,
              action: 'attachment.deleteUnlinked',
              entityType: 'attachment',
              entityId: row.id,
              before: { ...toAttachmentDto(row), uploaded_by_id: row.uploadedById },
            });
          }
          return removed;
        });
        await Promise.all(rows.map((row) => storage.delete(row.storageKey)));
        deleted += rows.length;
        if (rows.length < CLEANUP_BATCH) return deleted;
      }
    },

    async deleteContents(keys: string[]): Promise<void> {
      await Promise.all(keys.map((key) => storage.delete(key)));
    },

    async ofSettlement(executor: Executor, companyId: number, delegationId: number): Promise<AttachmentDto[]> {
      return (await attachmentsRepo.ofOwner(executor, companyId, SETTLEMENT_OWNER_KIND, delegationId)).map(toAttachmentDto);
    },
  };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
