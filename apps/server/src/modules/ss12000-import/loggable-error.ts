import { DrizzleQueryError } from 'drizzle-orm';

/**
 * A failed run's error as the log may hold it. A failed query's message and
 * parameters, and the database's `detail` ("Failing row contains …"), carry
 * the row being written — names and e-mail addresses, a protected person's
 * among them (decision 0039) — so only the query, the error's code and the
 * database's own message are kept.
 */
export function loggableImportError(error: unknown) {
  if (!(error instanceof Error)) return { type: typeof error };
  if (!(error instanceof DrizzleQueryError)) {
    return { type: error.name, message: error.message, stack: error.stack };
  }
  const cause = error.cause as { code?: unknown; message?: unknown; constraint?: unknown } | null;
  return {
    type: error.name,
    query: error.query,
    cause: cause
      ? {
          code: typeof cause.code === 'string' ? cause.code : undefined,
          message: typeof cause.message === 'string' ? cause.message : undefined,
          constraint: typeof cause.constraint === 'string' ? cause.constraint : undefined,
        }
      : undefined,
  };
}
