/** SQLSTATE codes the services turn into answers instead of a 500. */
export const PG_UNIQUE_VIOLATION = '23505';

/**
 * The SQLSTATE of a database error, looking through the wrappers Drizzle and the drivers put
 * around it (pg and PGlite both carry `code` on the innermost error).
 */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
