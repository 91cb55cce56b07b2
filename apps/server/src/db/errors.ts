/** PostgreSQL errors as domains meet them, on either driver (pg and PGlite). */

/** PostgreSQL's unique violation, on either driver; never logged, since its detail names the row. */
export function isUniqueViolation(error: unknown, constraintPart: string): boolean {
  if (typeof error !== 'object' || error === null) {
    return false;
  }
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  const names = `${String(constraint ?? '')} ${String(message ?? '')}`;
  return code === '23505' && names.includes(constraintPart);
}

/**
 * A database error to rethrow without its row detail: PostgreSQL's "failing row contains" would
 * put a username and password hash into the 500 log line.
 */
export function withoutRowDetail(error: unknown, operation: string): Error {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return new Error(`${operation} failed with SQLSTATE ${String(code ?? 'unknown')}`);
}
