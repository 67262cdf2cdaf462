import {
  parse as pgliteParse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

const { serialize } = protocol;

/** More statements than this and the one used longest ago is closed. */
export const maxNamedStatements = 200;

/** PostgreSQL's answers when a kept statement no longer fits the schema or is gone. */
const statementGone = new Set([
  // cached plan must not change result type (a column added or dropped under it)
  '0A000',
  // prepared statement does not exist (closed by someone else: DEALLOCATE ALL, DISCARD ALL)
  '26000',
]);

/** Names are never reused, whichever client or keeper made them. */
let namesGiven = 0;

interface Kept {
  name: string;
  /** The parameters' types as PostgreSQL inferred them: how each value is written. */
  parameterTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/**
 * `query` for PGlite with each statement text parsed once and kept under a
 * name, as node-postgres's named statements are on PostgreSQL: PGlite's own
 * `query` parses, analyses and plans the text at every execution, and for the
 * start page's short reads that work (with the file-size checks planning
 * makes, each a system call) cost more than running them (issue 31). An
 * execution is one call into the database (bind, describe, execute, sync)
 * instead of five. PostgreSQL re-plans a kept statement when a table it reads
 * changes and chooses between a plan for the values and a generic one as it
 * does for every prepared statement (plan_cache_mode `auto`).
 *
 * It takes PGlite's two locks as its `query` does, so a statement never runs
 * inside another caller's transaction. For reads outside transactions only:
 * a transaction's statements go through the transaction's own `query`.
 */
export function namedStatementsOn(client: PGlite, maxStatements = maxNamedStatements) {
  /** By text; a Map keeps insertion order, so the first entry is the one used longest ago. */
  const kept = new Map<string, Kept>();

  async function prepare(text: string, options?: QueryOptions): Promise<Kept> {
    const messages = [];
    if (kept.size >= maxStatements) {
      const [oldText, oldest] = kept.entries().next().value as [string, Kept];
      kept.delete(oldText);
      messages.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    const name = `kept_${++namesGiven}`;
    messages.push(
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const prepared = await client.execProtocol(concat(messages), { syncToFs: false });
    const description = prepared.messages.find(
      (message) => message.name === 'parameterDescription',
    ) as { dataTypeIDs: number[] } | undefined;
    const statement = { name, parameterTypes: description?.dataTypeIDs ?? [] };
    kept.set(text, statement);
    return statement;
  }

  async function execute(
    statement: Kept,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<Results<never>> {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[index]!;
      const write = options?.serializers?.[type] ?? client.serializers[type];
      return write ? write(value) : String(value);
    });
    const answered = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return pgliteParse.parseResults(
      answered.messages,
      client.parsers,
      options,
    )[0] as Results<never>;
  }

  async function run<Row>(
    text: string,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<Results<Row>> {
    let statement = kept.get(text);
    if (statement) {
      // Used now: to the end of the order.
      kept.delete(text);
      kept.set(text, statement);
    } else statement = await prepare(text, options);
    try {
      return (await execute(statement, params, options)) as Results<Row>;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !statementGone.has(code)) throw error;
      // Nothing ran: parse it again, once.
      kept.delete(text);
      return (await execute(await prepare(text, options), params, options)) as Results<Row>;
    }
  }

  return async function namedQuery<Row>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<Row>> {
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await run<Row>(text, params, options);
        } catch (error) {
          // As PGlite's own query reports a failed statement.
          if (error && typeof error === 'object')
            Object.assign(error, { query: text, params, queryOptions: options });
          throw error;
        } finally {
          if (!client.isInTransaction()) await client.syncToFs();
        }
      }),
    );
  };
}
