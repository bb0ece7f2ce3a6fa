import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ErrorCode, type Issue } from '@delego/domain';
import type { ErrorResponse } from '@delego/contract';

/** HTTP status of each expected error code. */
const STATUS_OF: Record<string, number> = {
  [ErrorCode.validationFailed]: 400,
  [ErrorCode.unauthenticated]: 401,
  [ErrorCode.sessionExpired]: 401,
  [ErrorCode.loginFailed]: 401,
  [ErrorCode.externalLoginRefused]: 401,
  [ErrorCode.forbidden]: 403,
  [ErrorCode.ipNotAllowed]: 403,
  [ErrorCode.passwordExpired]: 403,
  [ErrorCode.moduleDisabled]: 403,
  [ErrorCode.contextSwitchFailed]: 403,
  [ErrorCode.notFound]: 404,
  [ErrorCode.uploadQuotaExceeded]: 413,
  [ErrorCode.conflict]: 409,
  [ErrorCode.tokenExpired]: 410,
  [ErrorCode.tokenUsed]: 410,
  [ErrorCode.tokenNotFound]: 404,
  [ErrorCode.loginLocked]: 429,
  [ErrorCode.tooManyRequests]: 429,
};

/** A zod message that is already a translation key (e.g. `global.error.required`). */
const TRANSLATION_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/;

function issuesFromValidation(error: { validation: { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }[] }, context: string | undefined): Issue[] {
  return error.validation.map((entry) => {
    const path = entry.instancePath
      .split('/')
      .filter(Boolean)
      .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    const code = entry.message && TRANSLATION_KEY.test(entry.message) ? entry.message : `validation.${entry.keyword}`;
    const params: Record<string, string | number> = {};
    for (const key of ['minimum', 'maximum', 'expected', 'format'] as const) {
      const value = entry.params[key];
      if (typeof value === 'string' || typeof value === 'number') params[key] = value;
    }
    if (Array.isArray(entry.params.keys)) params.keys = entry.params.keys.join(', ');
    const issue: Issue = { path: context && context !== 'body' ? [context, ...path] : path, code };
    if (Object.keys(params).length > 0) issue.params = params;
    return issue;
  });
}

/**
 * One error shape for every failure (architecture "API"): status, stable code,
 * catalogue messages, field issues. A 500 carries only a request id, never a stack.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const requestId = String(request.id);
    // Services throw AppError, which is not a FastifyError; look at the value as it is.
    const error: unknown = thrown;
    let body: ErrorResponse;
    if (error instanceof AppError) {
      const status = STATUS_OF[error.code] ?? 400;
      body = { status, code: error.code, messages: error.messages, requestId };
      if (error.issues.length > 0) body.issues = error.issues;
      if (Object.keys(error.params).length > 0) body.params = error.params;
      if (status === 429 && typeof error.params.retryAfterSeconds === 'number') {
        void reply.header('retry-after', String(error.params.retryAfterSeconds));
      }
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      body = {
        status: 400,
        code: ErrorCode.validationFailed,
        messages: [],
        issues: issuesFromValidation(error, thrown.validationContext),
        requestId,
      };
    } else if (thrown.statusCode === 429) {
      body = { status: 429, code: ErrorCode.tooManyRequests, messages: ['Too many requests'], requestId };
    } else if (thrown.statusCode && thrown.statusCode >= 400 && thrown.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      body = { status: thrown.statusCode, code: ErrorCode.validationFailed, messages: ['Invalid request'], requestId };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = { status: 500, code: ErrorCode.internal, messages: ['Internal server error'], requestId };
    }
    void reply.status(body.status).send(body);
  });

}
