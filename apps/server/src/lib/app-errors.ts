import { AppError, ErrorCode, type Issue } from '@delego/domain';

/** 404 for a missing id and for another company's id alike (ADR 0003). */
export function notFoundError(): AppError {
  return new AppError(ErrorCode.notFound, { messages: ['Not found'] });
}

/** A business-rule refusal shown at one field of the form. */
export function fieldError(path: Issue['path'], code: string, params?: Issue['params']): AppError {
  return new AppError(ErrorCode.validationFailed, { issues: [{ path, code, ...(params ? { params } : {}) }] });
}

/** Refuses with every issue at once when there are any. */
export function assertNoIssues(issues: Issue[]): void {
  if (issues.length > 0) throw new AppError(ErrorCode.validationFailed, { issues });
}

/** A refusal because of the record's state (e.g. still in use), at one field: 409 rather than a validation error. */
export function conflictError(path: Issue['path'], code: string, params?: Issue['params']): AppError {
  return new AppError(ErrorCode.conflict, { issues: [{ path, code, ...(params ? { params } : {}) }] });
}
