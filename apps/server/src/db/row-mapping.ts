import { Column, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';

/*
 * drizzle maps each row of a select by asking, for every column of every
 * row, what kind of field the column is (`is`, a walk up the prototype chain
 * for each expression) and walking its path into the result. The posts a
 * start page lists are read in one statement of 47 columns, some 25 rows a
 * page, and that mapping cost the portal more than reading the rows off the
 * wire (issue 31). A select prepared once (a statement kept for the
 * process's life) can have its mapping made once too: each column's decoder
 * found once, and the row built by a function written for its columns, as
 * drizzle builds it.
 */

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What a prepared select holds of its mapping (drizzle's `PgPreparedQuery`, not in its types). */
interface PreparedMapping {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** An expression's decoder (`SQL.decoder`, internal to drizzle's types). */
const decoderOfSql = (expression: unknown) => (expression as { decoder: Decoder }).decoder;

/** The decoder drizzle's `mapResultRow` uses for a selected field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as { sql: unknown }).sql);
}

/** Decoders that give the driver's value back: their columns are copied as they come. */
const passesThrough = (decoder: Decoder) =>
  decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue ||
  decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue;

type Shape = Map<string, number | Shape>;

/** The result's shape: each path's last key holds its column's index, in the columns' order. */
function shapeOf(paths: readonly string[][]): Shape {
  const root: Shape = new Map();
  paths.forEach((path, index) => {
    let node = root;
    path.slice(0, -1).forEach((key) => {
      let next = node.get(key);
      if (!(next instanceof Map)) node.set(key, (next = new Map()));
      node = next;
    });
    node.set(path[path.length - 1]!, index);
  });
  return root;
}

/** A function of (row, decoders) building the row's object literal. */
function rowBuilder(
  shape: Shape,
  identity: readonly boolean[],
): (row: unknown[], decoders: readonly Decoder[]) => unknown {
  const value = (index: number) =>
    identity[index]
      ? `r[${index}]`
      : `(r[${index}] === null ? null : d[${index}].mapFromDriverValue(r[${index}]))`;
  const literal = (node: Shape): string =>
    `{${[...node]
      .map(
        ([key, inner]) =>
          `${JSON.stringify(key)}: ${inner instanceof Map ? literal(inner) : value(inner)}`,
      )
      .join(', ')}}`;
  // Only keys and column indexes are written into the source: both come from the code's own select.
  return new Function('r', 'd', `return ${literal(shape)};`) as (
    row: unknown[],
    decoders: readonly Decoder[],
  ) => unknown;
}

/**
 * `prepared` (a select drizzle has prepared) with its rows mapped by a
 * function made for its columns. A select with an outer join, whose rows
 * drizzle may turn to null, or one that maps its rows itself, is left as
 * drizzle maps it.
 */
export function mappedOnce<Prepared>(prepared: Prepared): Prepared {
  const mapping = prepared as PreparedMapping;
  const joinsMayNull = Object.values(mapping.joinsNotNullableMap ?? {}).some((kept) => !kept);
  if (!mapping.fields || joinsMayNull || mapping.customResultMapper) return prepared;
  const decoders = mapping.fields.map(({ field }) => decoderOf(field));
  const build = rowBuilder(
    shapeOf(mapping.fields.map(({ path }) => path)),
    decoders.map(passesThrough),
  );
  mapping.customResultMapper = (rows) => rows.map((row) => build(row, decoders));
  return prepared;
}
