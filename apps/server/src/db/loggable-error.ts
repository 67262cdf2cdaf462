import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers } from 'pino';

/** What stands in a log line for a value left out; the logger's own redaction says the same. */
const censor = '[dolt]';

/** What a database error says of itself without the values involved. */
const databaseFields = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;

type DatabaseErrorFields = Partial<Record<(typeof databaseFields)[number], unknown>>;

/** An error from PostgreSQL or PGlite: a five-character SQLSTATE and a severity. */
function isDatabaseError(error: Error): error is Error & DatabaseErrorFields {
  const { code, severity } = error as DatabaseErrorFields;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

function chainOf(error: Error): Error[] {
  const chain: Error[] = [];
  for (let current: unknown = error; current instanceof Error && chain.length < 10;) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/**
 * The database's own message with the values it quotes left out: `invalid
 * input syntax for type integer: "…"`, `value "…" is out of range`. The
 * names it quotes otherwise (a relation, a constraint) stay.
 */
function withoutQuotedValues(message: string) {
  return message.replace(/(: |value )"[^"]*"/g, `$1"${censor}"`);
}

/** A stack trace under a new first line: the frames, without the message that opened it. */
function stackUnder(heading: string, stack: string | undefined) {
  const frames = (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [heading, ...frames].join('\n');
}

/** The fields of a database error that name no value: its SQLSTATE, the constraint, table and column. */
function databaseFieldsOf(error: Error): Record<string, string> {
  if (!isDatabaseError(error)) return {};
  return Object.fromEntries(
    databaseFields.flatMap((key) => (typeof error[key] === 'string' ? [[key, error[key]]] : [])),
  );
}

function loggedLink(error: Error, queryMessages: Map<string, string>): Error {
  let message = error.message;
  // A wrapping error may repeat a failed query's message, parameters and all.
  for (const [full, redacted] of queryMessages) message = message.split(full).join(redacted);
  const fields: Record<string, unknown> = { name: error.name };
  if (error instanceof DrizzleQueryError) {
    // The message of drizzle's error repeats the parameters after the query.
    message = `Failed query: ${error.query}`;
    fields.query = error.query;
  } else if (isDatabaseError(error)) {
    message = withoutQuotedValues(error.message);
    Object.assign(fields, databaseFieldsOf(error));
  } else {
    const { code } = error as { code?: unknown };
    if (typeof code === 'string') fields.code = code;
  }
  const logged = new Error(message);
  Object.assign(logged, fields);
  logged.stack = stackUnder(`${error.name}: ${message}`, error.stack);
  return logged;
}

/**
 * An error as a log line may hold it (decision 0039). A failed query's
 * parameters (in drizzle's error and in its message) and the database's
 * `detail` ("Key (email)=(…) already exists", "Failing row contains (…)"),
 * `hint`, `where` and `internalQuery` carry the values read or written —
 * names and e-mail addresses, a protected person's among them. The logged
 * form keeps the query, the SQLSTATE and severity, the constraint, table and
 * column, and the database's message without the values it quotes. An error
 * with no database error in its chain is returned as it is; something thrown
 * that is no error at all (it could be a row) is logged by its type only.
 */
export function loggableError(error: Error): Error;
export function loggableError(error: unknown): Error | { type: string };
export function loggableError(error: unknown): Error | { type: string } {
  if (!(error instanceof Error)) return { type: typeof error };
  const chain = chainOf(error);
  if (!chain.some((link) => link instanceof DrizzleQueryError || isDatabaseError(link))) {
    return error;
  }
  const queryMessages = new Map(
    chain.flatMap((link) =>
      link instanceof DrizzleQueryError ? [[link.message, `Failed query: ${link.query}`]] : [],
    ) as [string, string][],
  );
  const logged = chain.map((link) => loggedLink(link, queryMessages));
  logged.forEach((link, index) => {
    if (logged[index + 1]) link.cause = logged[index + 1];
  });
  // The logger prints a cause's message and stack under the error's own, not its fields.
  const top = logged[0]!;
  const database = chain.find(isDatabaseError);
  if (database) Object.assign(top, { ...databaseFieldsOf(database), ...top });
  return top;
}

/**
 * The logger's serializer of `err` (and of an error given as a line's first
 * argument): whatever code catches an error and logs it — a hook, a job, the
 * queue's own errors — the line holds it as `loggableError` gives it.
 */
export function serializedError(error: Error) {
  // Something thrown that is no error reaches here too: its `{ type }` passes through as it is.
  return stdSerializers.err(loggableError(error));
}
