/**
 * PostgreSQL's errors by their SQLSTATE, as thrown by either driver (drizzle wraps the driver's error
 * in `cause`, perhaps more than once).
 */
function hasSqlState(error: unknown, code: string): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** unique_violation: a row with the same key was written first. */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');

/** foreign_key_violation: the row a write refers to was deleted meanwhile (a stream unenrolled). */
export const isForeignKeyViolation = (error: unknown): boolean => hasSqlState(error, '23503');
