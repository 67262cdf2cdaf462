import fc from 'fast-check';
import { hostileNumbers, hostileStrings, hostileStructures } from './hostile-values';

/** The JSON Schema subset that the zod → OpenAPI transform produces. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

/** Values that exist in the database, so valid requests reach records and not only 404s. */
export interface KnownValues {
  ids: number[];
  strings: string[];
}

const int32 = 2_147_483_647;
const maxDepth = 4;

const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzåäöÅÄÖABCZ 0123456789-_.é'.split(''));

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function integerBounds(schema: JsonSchema) {
  const min =
    schema.exclusiveMinimum !== undefined
      ? Math.floor(schema.exclusiveMinimum) + 1
      : Math.ceil(schema.minimum ?? -int32 - 1);
  const max =
    schema.exclusiveMaximum !== undefined
      ? Math.ceil(schema.exclusiveMaximum) - 1
      : Math.floor(schema.maximum ?? int32);
  return {
    min: Math.max(min, Number.MIN_SAFE_INTEGER),
    max: Math.min(max, Number.MAX_SAFE_INTEGER),
  };
}

function fitsLength(schema: JsonSchema) {
  return (value: string) =>
    value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
}

function patternOf(schema: JsonSchema): RegExp | null {
  if (!schema.pattern) return null;
  try {
    return new RegExp(schema.pattern);
  } catch {
    return null;
  }
}

function validString(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const fits = fitsLength(schema);
  const pattern = patternOf(schema);
  const matches = (value: string) => fits(value) && (!pattern || pattern.test(value));
  const sources: fc.Arbitrary<string>[] = [];
  if (pattern) sources.push(fc.stringMatching(pattern));
  else if (schema.format === 'uuid') sources.push(fc.uuid());
  else if (schema.format === 'email') sources.push(fc.emailAddress());
  else if (schema.format === 'date-time')
    sources.push(
      fc
        .date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true })
        .map((d) => d.toISOString()),
    );
  else if (schema.format === 'date')
    sources.push(
      fc
        .date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    );
  else if (schema.format === 'uri') sources.push(fc.webUrl());
  else {
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, minLength + 40));
    sources.push(fc.string({ unit: letters, minLength, maxLength }));
  }
  const knownFitting = known.strings.filter(matches);
  const generated = fc.oneof(...sources).filter(matches);
  return knownFitting.length > 0
    ? fc.oneof(
        { arbitrary: generated, weight: 3 },
        { arbitrary: fc.constantFrom(...knownFitting), weight: 2 },
      )
    : generated;
}

function validInteger(schema: JsonSchema, known: KnownValues): fc.Arbitrary<number> {
  const { min, max } = integerBounds(schema);
  if (min > max) return fc.constant(min);
  const knownFitting = known.ids.filter((id) => id >= min && id <= max);
  const small = fc.integer({
    min: Math.max(min, 0),
    max: Math.max(Math.min(max, 60), Math.max(min, 0)),
  });
  return fc.oneof(
    { arbitrary: fc.integer({ min, max }), weight: 1 },
    { arbitrary: small, weight: 2 },
    ...(knownFitting.length > 0
      ? [{ arbitrary: fc.constantFrom(...knownFitting), weight: 7 }]
      : []),
  );
}

/** A value the schema accepts. */
export function validValue(
  schema: JsonSchema,
  known: KnownValues,
  depth = 0,
): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((item) => validValue(item, known, depth)));
  if (schema.allOf)
    return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, known, depth);
  const types = typesOf(schema);
  if (types.length === 0)
    return depth >= maxDepth ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(schema, known);
        case 'integer':
          return validInteger(schema, known);
        case 'number': {
          const { min, max } = integerBounds(schema);
          return fc.oneof(
            validInteger(schema, known),
            fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
          );
        }
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          const minLength = schema.minItems ?? 0;
          const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 5, minLength + 5));
          const item =
            schema.items && depth < maxDepth
              ? validValue(schema.items, known, depth + 1)
              : fc.constant(null);
          return schema.uniqueItems
            ? fc.uniqueArray(item, {
                minLength,
                maxLength,
                selector: (value) => JSON.stringify(value),
              })
            : fc.array(item, { minLength, maxLength });
        }
        case 'object':
          return validObject(schema, known, depth);
        default:
          return fc.constant(null);
      }
    }),
  );
}

function validObject(
  schema: JsonSchema,
  known: KnownValues,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [
      key,
      validValue(property, known, depth + 1),
    ]),
  );
  const required = (schema.required ?? []).filter((key) => key in properties);
  const record = fc.record(model, { requiredKeys: required });
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object' && depth < maxDepth) {
    const keys = fc.oneof(
      fc.string({ unit: letters, minLength: 1, maxLength: 12 }),
      ...(known.strings.length ? [fc.constantFrom(...known.strings)] : []),
    );
    return fc
      .tuple(record, fc.dictionary(keys, validValue(extra, known, depth + 1), { maxKeys: 4 }))
      .map(([fixed, more]) => ({ ...more, ...fixed }));
  }
  return record;
}

/** Values at and just past the schema's edges: lengths, ranges, counts, odd but printable text. */
export function boundaryValue(
  schema: JsonSchema,
  known: KnownValues,
  depth = 0,
): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives)
    return fc.oneof(...alternatives.map((item) => boundaryValue(item, known, depth)));
  const types = typesOf(schema);
  const edges: unknown[] = [];
  if (schema.enum) {
    for (const value of schema.enum) {
      if (typeof value === 'string')
        edges.push(value.toUpperCase(), ` ${value}`, `${value}\n`, value.slice(0, -1));
    }
  }
  if (types.includes('string')) {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? 300;
    edges.push(
      'a'.repeat(min),
      'ö'.repeat(max),
      'x'.repeat(max + 1),
      '😀'.repeat(Math.ceil(max / 2)),
      '😀'.repeat(Math.ceil(max / 2) + 1),
      'e\u0301'.repeat(Math.max(1, Math.floor(max / 2))),
      ' '.repeat(Math.max(min, 1)),
      '',
      `\u0000${'a'.repeat(Math.max(min, 1))}`,
      `${'a'.repeat(Math.max(min, 1))}\ud800`,
      `\u202e${'a'.repeat(Math.max(min, 1))}`,
      `\u200b`.repeat(Math.max(min, 1)),
      `${'a'.repeat(Math.max(min, 1))}\r\n`,
    );
    if (min > 0) edges.push('a'.repeat(min - 1));
  }
  if (types.includes('integer') || types.includes('number')) {
    const { min, max } = integerBounds(schema);
    edges.push(
      min,
      max,
      min - 1,
      max + 1,
      0,
      -1,
      1.5,
      -0,
      int32,
      int32 + 1,
      -int32 - 2,
      Number.MAX_SAFE_INTEGER,
      2 ** 53 + 2,
      1e21,
      '1',
      '1e3',
      '',
    );
  }
  if (types.includes('boolean')) edges.push('true', 'false', 1, 0, 'ja');
  if (types.includes('array') && schema.items && depth < maxDepth) {
    const item = validValue(schema.items, known, depth + 1);
    const min = schema.minItems ?? 0;
    const max = Math.min(schema.maxItems ?? 50, 2000);
    return fc.oneof(
      fc.constantFrom<unknown>([], ...edges),
      fc.array(item, { minLength: max, maxLength: max }),
      fc.array(item, { minLength: max + 1, maxLength: max + 1 }),
      ...(min > 0 ? [fc.array(item, { minLength: min - 1, maxLength: min - 1 })] : []),
      item.map((value) => [value, value, value]),
      fc.constant([null]),
    );
  }
  if (types.includes('object') && depth < maxDepth)
    return mutatedObject(schema, known, depth, boundaryValue);
  return edges.length > 0 ? fc.constantFrom(...edges) : validValue(schema, known, depth);
}

/** Anything at all where the schema wants its type: wrong types, injections, huge and deep values. */
export function hostileValue(
  schema: JsonSchema,
  known: KnownValues,
  depth = 0,
): fc.Arbitrary<unknown> {
  const anyHostile = fc.oneof(
    { arbitrary: fc.constantFrom(...hostileStrings), weight: 4 },
    { arbitrary: fc.constantFrom(...hostileNumbers), weight: 2 },
    { arbitrary: fc.constantFrom(...hostileStructures), weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  );
  if (typesOf(schema).includes('object') && depth < maxDepth)
    return fc.oneof(anyHostile, mutatedObject(schema, known, depth, hostileValue));
  return anyHostile;
}

type ValueMaker = (schema: JsonSchema, known: KnownValues, depth?: number) => fc.Arbitrary<unknown>;

/** A valid object with one thing wrong: a property replaced, a required one missing, or one too many. */
function mutatedObject(schema: JsonSchema, known: KnownValues, depth: number, make: ValueMaker) {
  const properties = Object.entries(schema.properties ?? {});
  const base = validObject(schema, known, depth);
  const variants: fc.Arbitrary<unknown>[] = [
    fc
      .tuple(
        base,
        fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'id', 'userId', 'role', 'x'),
        fc.constantFrom(...hostileStructures, 1, 'x'),
      )
      // A computed key makes even `__proto__` an own property, so it reaches the wire.
      .map(([value, key, extra]) => ({ ...value, [key]: extra })),
  ];
  if (properties.length > 0) {
    variants.push(
      fc
        .constantFrom(...properties)
        .chain(([key, property]) =>
          fc
            .tuple(base, make(property, known, depth + 1))
            .map(([value, replacement]) => ({ ...value, [key]: replacement })),
        ),
    );
  }
  const required = schema.required ?? [];
  if (required.length > 0) {
    variants.push(
      fc
        .tuple(base, fc.constantFrom(...required), fc.constantFrom<unknown>(undefined, null, ''))
        .map(([value, key, replacement]) => {
          const copy: Record<string, unknown> = { ...(value as object) };
          if (replacement === undefined) delete copy[key];
          else copy[key] = replacement;
          return copy;
        }),
    );
  }
  return fc.oneof(...variants);
}

/** Mostly valid, often at the edges, sometimes hostile. */
export function fuzzValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validValue(schema, known), weight: 4 },
    { arbitrary: boundaryValue(schema, known), weight: 3 },
    { arbitrary: hostileValue(schema, known), weight: 2 },
  );
}
