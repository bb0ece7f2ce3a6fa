import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { listAllCompanyIds } from '../modules/company/company.repo.ts';
import type { AttachmentsService } from '../modules/settlements/attachments.service.ts';

/**
 * How long an upload may wait for the settlement that names it. A file is uploaded while the form is
 * filled in and taken over at its save, so a day covers any form filled in over a working day,
 * a break included. Older waiting uploads were abandoned (the form was closed, or the file replaced
 * or removed from the unsaved form — the web app never deletes those itself); they are bills and
 * tickets with personal data that no document needs, so they are not kept (GDPR art. 5(1)(c), (e)).
 * A save naming a file already deleted answers `delegation.fileMissing` at its field.
 */
export const UNLINKED_UPLOAD_MAX_AGE_HOURS = 24;

const JOB_CONTEXT = { requestId: 'job:attachment-cleanup', ip: '127.0.0.1', userAgent: undefined };

/**
 * Deletes, company by company, the uploads no saved settlement took over within
 * `UNLINKED_UPLOAD_MAX_AGE_HOURS`: each row with an audit row `attachment.deleteUnlinked`, then its
 * content in the storage. Idempotent; a company that fails is logged and retried at the next run.
 */
export async function cleanUpUnlinkedUploads(deps: { db: Database; clock: Clock; attachments: AttachmentsService; log: FastifyBaseLogger }): Promise<void> {
  const uploadedBefore = new Date(deps.clock.now().getTime() - UNLINKED_UPLOAD_MAX_AGE_HOURS * 3_600_000);
  for (const companyId of await listAllCompanyIds(deps.db)) {
    try {
      const deleted = await deps.attachments.deleteUnlinkedUploads(JOB_CONTEXT, companyId, uploadedBefore);
      if (deleted > 0) deps.log.info({ companyId, deleted, uploadedBefore: uploadedBefore.toISOString() }, 'unlinked uploads deleted');
    } catch (error) {
      deps.log.warn({ err: error, companyId }, 'unlinked upload cleanup failed; the next run retries');
    }
  }
}

/** Runs the cleanup at start and then every hour, without keeping the process alive. */
export function scheduleAttachmentCleanup(deps: Parameters<typeof cleanUpUnlinkedUploads>[0], intervalMs = 3_600_000): () => void {
  const run = () => void cleanUpUnlinkedUploads(deps).catch((error: unknown) => deps.log.error({ err: error }, 'unlinked upload cleanup failed'));
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
