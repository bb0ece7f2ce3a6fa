import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { uploadUsageRepo } from './upload-usage.repo.ts';

/** Each user's upload budget (issue 15 §5, ASVS 5.0 V2.4.1): files per minute and bytes kept in the storage. */
export interface UploadLimitSettings {
  uploadsPerUserPerMinute: number;
  storedBytesPerUser: number;
}

export interface UploadLimits {
  /** Counts one upload of the signed-in user; beyond the budget a 429 at `file`, with the seconds to wait. */
  admit(request: FastifyRequest): Promise<void>;
  /** Refuses (413 at `file`) a file that would take the user's stored files beyond their quota. */
  assertRoom(ctx: AuthenticatedContext, bytes: number): Promise<void>;
}

const MIB = 1024 * 1024;

/**
 * The budget every upload route applies. The rate shares `@fastify/rate-limit`'s counters with the
 * general limits, under a key of its own per user, so all upload routes draw from one budget. The
 * quota sums the user's stored files when a file arrives (an upload, never a read, pays for it);
 * two uploads racing may both fit under it, which the rate bounds.
 */
export function createUploadLimits(
  app: FastifyInstance,
  db: Executor,
  settings: UploadLimitSettings,
): UploadLimits {
  const limiter = app.createRateLimit({
    max: settings.uploadsPerUserPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `upload:${request.actor?.userId ?? ''}`,
    // An anonymous request is refused by authentication, whatever it sends.
    allowList: (request) => request.actor === null,
  });
  return {
    async admit(request) {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) return;
      const retryAfterSeconds = Math.max(1, result.ttlInSeconds ?? 60);
      throw new AppError(ErrorCode.tooManyRequests, {
        messages: ['Too many requests'],
        params: { retryAfterSeconds },
        issues: [
          {
            path: ['file'],
            code: 'attachment.uploadRate',
            params: { uploads: settings.uploadsPerUserPerMinute, seconds: retryAfterSeconds },
          },
        ],
      });
    },
    async assertRoom(ctx, bytes) {
      const stored = await uploadUsageRepo.storedBytes(db, ctx.actor.companyId, ctx.actor.userId);
      if (stored + bytes <= settings.storedBytesPerUser) return;
      throw new AppError(ErrorCode.uploadQuotaExceeded, {
        issues: [
          {
            path: ['file'],
            code: 'attachment.quotaExceeded',
            params: { max_mb: Math.floor(settings.storedBytesPerUser / MIB) },
          },
        ],
      });
    },
  };
}
