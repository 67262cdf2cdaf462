import { sql, type SQL } from 'drizzle-orm';
import {
  plannedNamedRows,
  plannedRows,
  statementName,
  writtenStatement,
  type Executor,
} from './client';

/*
 * Reads about one person that come at the same moment, sent as one
 * statement. A first start page asks, for its reader, who they are related
 * to, their other accounts, the groups their posts reach them through, the
 * bell's dates and their own tools, each from its own module and each once;
 * every statement costs a round trip and the server's work of sending it,
 * more than the reads themselves (issue 31). Each read's rows come back as
 * JSON (numbers, strings, booleans, arrays and objects as JSON has them;
 * times as ISO text), whether it went alone or with others, so a read
 * answers the same either way.
 */

interface Waiting {
  query: SQL;
  text: string;
  values: unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

const waitingBy = new WeakMap<Executor, Map<number, Waiting[]>>();

/** More reads than this in one statement and the rest go in the next. */
const maxTogether = 8;

/**
 * The rows of `query` (text the same for every person, values as
 * parameters), read with the other reads about `personId` asked in this turn
 * of the event loop on the same executor: one statement, planned once per
 * connection and combination of reads.
 */
export function rowsTogether<Row>(db: Executor, personId: number, query: SQL): Promise<Row[]> {
  let byPerson = waitingBy.get(db);
  if (!byPerson) waitingBy.set(db, (byPerson = new Map()));
  let waiting = byPerson.get(personId);
  if (!waiting) {
    const batch: Waiting[] = (waiting = []);
    byPerson.set(personId, batch);
    const owner = byPerson;
    setImmediate(() => {
      owner.delete(personId);
      for (let from = 0; from < batch.length; from += maxTogether)
        void readTogether(db, batch.slice(from, from + maxTogether));
    });
  }
  const { text, values } = writtenStatement(query);
  return new Promise<Row[]>((resolve, reject) =>
    waiting.push({ query, text, values, resolve: resolve as (rows: unknown[]) => void, reject }),
  );
}

/** One combination of reads as a statement: its text and the name it is planned under. */
interface Combined {
  text: string;
  name: string;
}

/**
 * Combinations written before, by their reads' texts: a page's reads come in
 * a few combinations, each written, named and hashed once instead of at
 * every page. Cleared when full; a combination is written again when next met.
 */
const combinations = new Map<string, Combined>();
const maxCombinations = 500;

function combinedOf(reads: readonly Waiting[]): SQL {
  return sql`select ${sql.join(
    reads.map(
      (read, index) =>
        sql`(select coalesce(json_agg(read), '[]'::json) from (${read.query}) read) as ${sql.raw(`r${index}`)}`,
    ),
    sql`, `,
  )}`;
}

/**
 * The combined statement's rows. Its values are each read's, in order: the
 * combination adds none of its own around them.
 */
function combinedRows(db: Executor, reads: readonly Waiting[]) {
  const key = reads.map((read) => read.text).join('\u0000');
  let combined = combinations.get(key);
  if (!combined) {
    if (combinations.size >= maxCombinations) combinations.clear();
    const { text } = writtenStatement(combinedOf(reads));
    combined = { text, name: statementName(text) };
    combinations.set(key, combined);
  }
  const values = reads.flatMap((read) => read.values);
  return (
    plannedNamedRows<Record<string, unknown[]>>(db, combined.name, combined.text, values) ??
    plannedRows<Record<string, unknown[]>>(db, combinedOf(reads))
  );
}

async function readTogether(db: Executor, batch: Waiting[]) {
  // In the order of their texts: the same reads make the same statement whatever came first.
  const reads = [...batch].sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  try {
    const [row] = await combinedRows(db, reads);
    reads.forEach((read, index) => read.resolve(row![`r${index}`]!));
  } catch (error) {
    for (const read of reads) read.reject(error);
  }
}
