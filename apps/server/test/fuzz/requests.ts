import fc from 'fast-check';
import { multipartBody, type FormPart } from '../multipart';
import { hostileHeaders, hostileSegments, hostileStrings, malformedBodies } from './hostile-values';
import { fuzzValue, validValue, type JsonSchema, type KnownValues } from './schema-values';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

/** One route as the OpenAPI document (or, for undocumented routes, the router) describes it. */
export interface Operation {
  method: Method;
  /** Fastify form: `/api/core/v1/user/:id`. */
  route: string;
  parameters: Parameter[];
  body?: { contentType: string; schema: JsonSchema };
  documented: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of the OpenAPI document. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      const [contentType] = Object.keys(content);
      operations.push({
        method: method.toUpperCase() as Method,
        route: path.replace(/\{([^}]+)\}/g, ':$1'),
        parameters: operation.parameters ?? [],
        body: contentType ? { contentType, schema: content[contentType]!.schema } : undefined,
        documented: true,
      });
    }
  }
  return operations;
}

/** A route the router has but the document leaves out: its path parameters are all that is known. */
export function undocumentedOperation(method: Method, route: string): Operation {
  const names = [...route.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  return {
    method,
    route,
    parameters: names.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    documented: false,
  };
}

export interface FuzzRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the request is meant to probe, for the report. */
  kind: string;
}

/**
 * encodeURIComponent that also takes unpaired surrogates, writing them as the
 * three bytes a sloppy encoder would (not valid UTF-8: the server must cope).
 */
export function encodeLoose(text: string): string {
  return text.replace(/[\s\S]/gu, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  });
}

function segment(value: unknown): string {
  return encodeLoose(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

/** The rest of a `*` route (static files): a stored name, or a way out of the folder. */
function restOfPath(known: KnownValues): fc.Arbitrary<string> {
  const stored = known.strings.filter((value) => /^[a-z0-9][a-z0-9-]*\.[a-z0-9]{2,5}$/.test(value));
  return fc.oneof(
    ...(stored.length > 0 ? [fc.constantFrom(...stored)] : []),
    fc.constantFrom(
      '',
      'finns-inte.png',
      '../../../../etc/passwd',
      '..%2f..%2f..%2fetc%2fpasswd',
      '%2e%2e/%2e%2e/package.json',
      '.staging/x.png',
      '..\\..\\package.json',
      'a/b/c.png',
      '%00.png',
      'x.png%00.html',
      'PNG.PNG',
      '.',
      '..',
    ),
    fc.string({ maxLength: 30 }).map(encodeLoose),
  );
}

function pathArbitrary(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const names = [...operation.route.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  const parts = names.map((name) => {
    const schema = operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? {
      type: 'string',
    };
    return fc.oneof(
      { arbitrary: validValue(schema, known).map(segment), weight: 6 },
      { arbitrary: fuzzValue(schema, known).map(segment), weight: 2 },
      { arbitrary: fc.constantFrom(...hostileSegments), weight: 2 },
    );
  });
  return fc.tuple(fc.tuple(...parts), restOfPath(known)).map(([values, rest]) => {
    let index = 0;
    return operation.route.replace(/:([A-Za-z]+)/g, () => values[index++]!).replace(/\*$/, rest);
  });
}

/** The value in `times` out of `outOf` cases, otherwise undefined. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, times: number, outOf: number) {
  return fc.oneof(
    { arbitrary, weight: times },
    { arbitrary: fc.constant(undefined), weight: outOf - times },
  );
}

function queryValue(name: string, value: unknown): string[] {
  if (value === undefined) return [];
  const text = (item: unknown) =>
    encodeLoose(typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
  if (Array.isArray(value)) return value.map((item) => `${encodeLoose(name)}[]=${text(item)}`);
  return [`${encodeLoose(name)}=${text(value)}`];
}

function queryArbitrary(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const declared = operation.parameters.filter((parameter) => parameter.in === 'query');
  const declaredParts = declared.map((parameter) =>
    fc
      .option(fuzzValue(parameter.schema ?? {}, known), { freq: 2, nil: undefined })
      .map((value) => queryValue(parameter.name, value)),
  );
  const oddity = fc.constantFrom<string[]>(
    ['page=1&page=2'],
    ['perPage=10000'],
    ['sort=' + encodeURIComponent('id DESC; drop table users')],
    ['sort=' + encodeURIComponent('name ASC, updated DESC, id')],
    ['__proto__[isAdmin]=1', 'constructor=1'],
    ['unknown=1'],
    ['a=%E0%A4%A', 'b=%ZZ'],
    ['x[]=1&x[]=2&x=3'],
    ['search=' + encodeURIComponent(hostileStrings[0]!)],
    ['q=' + 'x'.repeat(8_000)],
  );
  return fc.tuple(fc.tuple(...declaredParts), sometimes(oddity, 1, 4)).map(([parts, odd]) => {
    const all = [...parts.flat(), ...(odd ?? [])];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
}

const samplePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const fileContents: Buffer[] = [
  samplePng,
  Buffer.from('%PDF-1.4\n%%EOF\n'),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  Buffer.from('<!doctype html><script>alert(1)</script>'),
  Buffer.from('GIF89a<script>alert(1)</script>'),
  Buffer.concat([samplePng.subarray(0, 20), Buffer.from('cut off')]),
  Buffer.alloc(0),
  Buffer.from('{"organisations":[]}'),
  Buffer.from('MZ\x90\x00 not really a program'),
];
const fileNames = [
  'bild.png',
  'dokument.pdf',
  '../../../etc/passwd',
  '..\\..\\boot.ini',
  'a\u0000.png',
  'bild.png.exe',
  '.htaccess',
  'x'.repeat(300) + '.png',
  'åäö ÅÄÖ.png',
  '<script>.png',
  'CON.png',
  '',
];

function multipartArbitrary(
  schema: JsonSchema | undefined,
  known: KnownValues,
): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const properties = Object.entries(
    schema?.properties ?? { file: { type: 'string', format: 'binary' } },
  );
  const parts = properties.map(([name, property]) =>
    fc.option(
      property.format === 'binary'
        ? fc.oneof(
            // A well-formed image half the time, so uploads get past the file checks.
            fc.constant<FormPart>({
              name,
              fileName: 'bild.png',
              data: samplePng,
              contentType: 'image/png',
            }),
            fc
              .tuple(
                fc.constantFrom(...fileNames),
                fc.constantFrom(...fileContents),
                fc.constantFrom(
                  'image/png',
                  'application/pdf',
                  'text/html',
                  'application/octet-stream',
                  'image/svg+xml',
                ),
              )
              .map(([fileName, data, contentType]): FormPart => ({
                name,
                fileName,
                data,
                contentType,
              })),
          )
        : fuzzValue(property, known).map((value): FormPart => ({
            name,
            value: typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
          })),
      { freq: 6, nil: undefined },
    ),
  );
  return fc
    .tuple(
      fc.tuple(...parts),
      // Now and then the body is cut off, as by a dropped connection.
      sometimes(fc.integer({ min: 1, max: 400 }), 1, 5),
    )
    .map(([list, truncateAt]) => {
      const body = multipartBody(
        list.filter((part): part is FormPart => part !== undefined),
        { truncateAt },
      );
      return { payload: body.payload, contentType: body.headers['content-type'] };
    });
}

const megabyteAndMore = JSON.stringify({ value: 'x'.repeat(1024 * 1024 + 10) });

function bodyArbitrary(
  operation: Operation,
  known: KnownValues,
): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string; kind: string }> {
  const json = (value: unknown) => ({
    payload: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
    kind: 'json',
  });
  const odd = fc.oneof(
    fc
      .constantFrom(...malformedBodies)
      .map((payload) => ({ payload, contentType: 'application/json', kind: 'malformed json' })),
    fc.constant({ payload: '', contentType: 'application/json', kind: 'empty json' }),
    fc.constant({ payload: '{}', contentType: 'text/plain', kind: 'wrong content type' }),
    fc.constant({
      payload: '{}',
      contentType: 'application/json; charset=utf-16',
      kind: 'odd charset',
    }),
    fc.constant({
      payload: 'a=1&a=2&__proto__=x',
      contentType: 'application/x-www-form-urlencoded',
      kind: 'form',
    }),
    fc.constant({ payload: megabyteAndMore, contentType: 'application/json', kind: 'too large' }),
    multipartArbitrary(undefined, known).map((body) => ({ ...body, kind: 'stray multipart' })),
  );
  if (operation.body?.contentType === 'multipart/form-data') {
    return fc.oneof(
      {
        arbitrary: multipartArbitrary(operation.body.schema, known).map((body) => ({
          ...body,
          kind: 'multipart',
        })),
        weight: 8,
      },
      { arbitrary: odd, weight: 2 },
    );
  }
  if (operation.body) {
    return fc.oneof(
      { arbitrary: fuzzValue(operation.body.schema, known).map(json), weight: 8 },
      { arbitrary: odd, weight: 2 },
    );
  }
  if (operation.method === 'GET') return fc.constant({ kind: 'no body' });
  return fc.oneof(
    { arbitrary: fc.constant({ kind: 'no body' }), weight: 3 },
    { arbitrary: fc.constant(json({})), weight: 2 },
    { arbitrary: odd, weight: 3 },
    {
      arbitrary: multipartArbitrary(undefined, known).map((body) => ({
        ...body,
        kind: 'multipart',
      })),
      weight: 2,
    },
  );
}

/** One request for the operation: path, query, body and extra headers; the actor's credentials are added by the caller. */
export function requestArbitrary(
  operation: Operation,
  known: KnownValues,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      pathArbitrary(operation, known),
      queryArbitrary(operation, known),
      bodyArbitrary(operation, known),
      sometimes(fc.constantFrom(...hostileHeaders), 1, 4),
    )
    .map(([path, query, body, extra]) => {
      const headers: Record<string, string> = { ...extra };
      if (body.contentType) headers['content-type'] = body.contentType;
      return {
        method: operation.method,
        url: path + query,
        headers,
        payload: body.payload,
        kind: body.kind,
      };
    });
}
