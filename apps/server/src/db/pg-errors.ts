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

/** A unique index refused the row (pg and PGlite alike). */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === PG_UNIQUE_VIOLATION;
}

/**
 * Runs a save whose key a unique index guards. Two saves of the same key at once both pass the
 * service's own "already taken" check; the index then decides, and the loser gets `refusal()`,
 * the same answer the check gives, instead of a 500.
 */
export async function refuseUniqueViolation<T>(save: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal();
    throw error;
  }
}
