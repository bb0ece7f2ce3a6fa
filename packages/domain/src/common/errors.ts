/**
 * Codes, not sentences, cross the wire: the web translates each code through
 * its locale files. The values are stable; never rename one that has shipped.
 */
export const ErrorCode = {
  validationFailed: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  /** A file that would take its uploader's stored files beyond their quota (413). */
  uploadQuotaExceeded: 'UPLOAD_QUOTA_EXCEEDED',
  internal: 'INTERNAL',
  loginFailed: 'LOGIN_FAILED',
  loginLocked: 'LOGIN_LOCKED',
  ipNotAllowed: 'IP_NOT_ALLOWED',
  passwordExpired: 'PASSWORD_EXPIRED',
  sessionExpired: 'SESSION_EXPIRED',
  tokenExpired: 'TOKEN_EXPIRED',
  tokenUsed: 'TOKEN_USED',
  tokenNotFound: 'TOKEN_NOT_FOUND',
  moduleDisabled: 'MODULE_DISABLED',
  /** Login-as refused: no substitution of the pair covers today (spec §6, §8 'context switch failed'). */
  contextSwitchFailed: 'CONTEXT_SWITCH_FAILED',
  externalLoginRefused: 'EXTERNAL_LOGIN_REFUSED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** One problem with one field: `path` is the field path, `code` a translation key. */
export interface Issue {
  path: (string | number)[];
  code: string;
  params?: Record<string, string | number>;
}

/** An expected failure of a use case, with a stable code; its message is for developers only. */
export class AppError extends Error {
  readonly code: string;
  readonly issues: Issue[];
  readonly params: Record<string, string | number>;
  readonly messages: string[];

  constructor(
    code: string,
    options: { issues?: Issue[]; params?: Record<string, string | number>; messages?: string[]; cause?: unknown } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.issues = options.issues ?? [];
    this.params = options.params ?? {};
    this.messages = options.messages ?? [];
  }
}
