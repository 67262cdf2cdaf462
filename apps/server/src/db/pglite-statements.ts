import {
  messages,
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

/** An ErrorResponse's fields by their one-letter codes, as PGlite names them on its errors. */
const errorFields: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

function databaseError(data: Buffer, from: number, to: number): Error {
  const fields: Record<string, string> = {};
  let at = from;
  while (at < to && data[at] !== 0) {
    const code = String.fromCharCode(data[at]!);
    const end = data.indexOf(0, at + 1);
    fields[code] = data.toString('utf8', at + 1, end);
    at = end + 1;
  }
  const error = new messages.DatabaseError(fields.M ?? '', to - from + 4, 'error');
  for (const [code, name] of Object.entries(errorFields))
    if (fields[code] !== undefined) Object.assign(error, { [name]: fields[code] });
  return error;
}

/** By type oid; PGlite gives each the type too (array parsers need it). */
type Parsers = Record<number, (text: string, type: number) => unknown>;

/**
 * One statement's answer read off the database's bytes: its rows (values
 * through the same parsers as PGlite's own `query`), the fields and the
 * command's counts, or the error it sent. PGlite's own reader copies every
 * value into a buffer of its own before decoding it; on the posts of a
 * teacher's start page that was a tenth of the process's time.
 */
export function readAnswer(
  data: Buffer,
  parsers: Parsers,
  rowMode: QueryOptions['rowMode'],
): Results<never> {
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: unknown[] = [];
  let command: string | undefined;
  let rowCount: number | undefined;
  let affectedRows = 0;
  let failure: Error | undefined;
  let at = 0;
  while (at + 5 <= data.length) {
    const kind = data[at]!;
    const body = at + 5;
    const end = at + 1 + data.readInt32BE(at + 1);
    if (kind === 0x54 /* T: RowDescription */) {
      const count = data.readInt16BE(body);
      let field = body + 2;
      fields = [];
      for (let index = 0; index < count; index++) {
        const nameEnd = data.indexOf(0, field);
        // After the name: table oid (4), column (2), then the type's oid.
        fields.push({
          name: data.toString('utf8', field, nameEnd),
          dataTypeID: data.readInt32BE(nameEnd + 7),
        });
        // Type oid (4), size (2), modifier (4), format (2).
        field = nameEnd + 19;
      }
    } else if (kind === 0x44 /* D: DataRow */) {
      const count = data.readInt16BE(body);
      let value = body + 2;
      const values: unknown[] = new Array(count);
      for (let index = 0; index < count; index++) {
        const size = data.readInt32BE(value);
        value += 4;
        if (size < 0) values[index] = null;
        else {
          const text = data.toString('utf8', value, value + size);
          const type = fields[index]!.dataTypeID;
          const parse = parsers[type];
          values[index] = parse ? parse(text, type) : text;
          value += size;
        }
      }
      rows.push(
        rowMode === 'array'
          ? values
          : Object.fromEntries(fields.map((field, index) => [field.name, values[index]])),
      );
    } else if (kind === 0x43 /* C: CommandComplete */) {
      const tag = data.toString('utf8', body, end - 1).split(' ');
      command = tag[0]!;
      const counted = parseInt(tag[tag.length - 1]!, 10);
      if (!Number.isNaN(counted)) rowCount = counted;
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command))
        affectedRows += counted;
    } else if (kind === 0x45 /* E: ErrorResponse */) {
      failure ??= databaseError(data, body, end);
    }
    at = end;
  }
  if (failure) throw failure;
  return {
    rows: rows as never[],
    fields,
    affectedRows,
    ...(command === undefined ? {} : { command }),
    ...(rowCount === undefined ? {} : { rowCount }),
  } as Results<never>;
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
 * inside another caller's transaction. For statements outside transactions:
 * a transaction's own go through the transaction's `query`.
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
    // The answer's bytes as they come, unread by PGlite (its reader is the slow part here).
    const chunks: Buffer[] = [];
    await client.execProtocolRawStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false, onRawData: (chunk) => chunks.push(Buffer.from(chunk)) },
    );
    const parsers = options?.parsers ? { ...client.parsers, ...options.parsers } : client.parsers;
    return readAnswer(Buffer.concat(chunks), parsers as Parsers, options?.rowMode);
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
