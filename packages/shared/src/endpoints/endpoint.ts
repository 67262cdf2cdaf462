/**
 * Every endpoint of the API is declared once, in two halves joined by name:
 *
 * - its route, in `<module>.ts`: the method and the path under its API root,
 *   the only part that exists at run time in the web app (a few bytes, no
 *   validation library);
 * - its schemas, in `<module>.schemas.ts`: params, query, body, response,
 *   the success status and the OpenAPI text, which the server registers.
 *
 * The route table names its schemas by type only (`typeof …Schemas`), so the
 * web app's client gets the types of params, query, body and answer at
 * compile time, and the server gets both halves checked against each other.
 * Decision record 0037 tells how to declare a module's endpoints.
 */
import type { ZodType, input, output } from 'zod';
import type { apiRoots } from '../api-roots';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ApiRoot = (typeof apiRoots)[keyof typeof apiRoots];
export type SuccessStatus = 200 | 201 | 202 | 204;
/** The refusals an endpoint may answer with (the spec's error body). */
export type ErrorStatus =
  400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503 | 504 | 507;

/** What the server needs of an endpoint besides its method and path. */
export interface EndpointSchema {
  /** The OpenAPI document's group: the resource, as the spec names it. */
  readonly tag: string;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /** The answer's body; `z.null()` for a 204. */
  readonly response: ZodType;
  /** The success status (200 when left out); a list when the handler picks one of them. */
  readonly status?: SuccessStatus | readonly SuccessStatus[];
  /** Refusals beyond those the endpoint's group answers with for every route (a 429, a 409…). */
  readonly errors?: readonly ErrorStatus[];
}

export type EndpointSchemas = Record<string, EndpointSchema>;

/** Links a route to its schemas for the compiler only; no value ever carries it. */
declare const schemaType: unique symbol;

/** One endpoint's route: all of it that exists at run time in the web app. */
export interface Endpoint<
  Schema extends EndpointSchema = EndpointSchema,
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
> {
  readonly method: Method;
  /** The API root it lives under; its mount registers it there. */
  readonly root: ApiRoot;
  /** Under the root, with `:name` for each path parameter (as Fastify writes them). */
  readonly path: Path;
  readonly [schemaType]?: Schema;
}

/** `'GET /like/:id'`: a method and a path, as a request's first line starts. */
type RouteLine = `${HttpMethod} /${string}`;
type MethodOf<Line> = Line extends `${infer Method extends HttpMethod} ${string}` ? Method : never;
type PathOf<Line> = Line extends `${string} ${infer Path}` ? Path : never;

/** The names of a path's `:name` placeholders. */
export type PathParamNames<Path> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type DeclaredParamNames<Schema> = Schema extends { params: infer Params extends ZodType }
  ? keyof output<Params> & string
  : never;

type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Nothing for a route line that agrees with its schemas; for one that does
 * not, a requirement no string meets, which names the problem.
 */
type Checked<Schemas extends EndpointSchemas, Lines> = {
  [Name in keyof Lines]: Name extends keyof Schemas
    ? SameNames<PathParamNames<PathOf<Lines[Name]>>, DeclaredParamNames<Schemas[Name]>> extends true
      ? unknown
      : { readonly problem: "the path's :parameters differ from its params schema" }
    : { readonly problem: 'no schema is declared for this route' };
};

export type EndpointTable<Schemas extends EndpointSchemas, Lines> = {
  readonly [Name in keyof Lines & keyof Schemas]: Endpoint<
    Schemas[Name],
    MethodOf<Lines[Name]>,
    PathOf<Lines[Name]>
  >;
};

/**
 * A module's routes under one API root, each named as in its schemas:
 *
 *     export const likeEndpoints = declareEndpoints<typeof likeSchemas>()(apiRoots.core, {
 *       list: 'GET /like',
 *       unlike: 'DELETE /like/:id',
 *     });
 *
 * The compiler insists on a route for every schema and none without, and on
 * the same path parameters as the params schema names.
 */
export function declareEndpoints<Schemas extends EndpointSchemas>() {
  return <const Lines extends Record<keyof Schemas, RouteLine>>(
    root: ApiRoot,
    lines: Lines & NoInfer<Checked<Schemas, Lines>>,
  ): EndpointTable<Schemas, Lines> => {
    const table: Record<string, Endpoint> = {};
    for (const [name, line] of Object.entries<string>(lines)) {
      const space = line.indexOf(' ');
      table[name] = {
        method: line.slice(0, space) as HttpMethod,
        root,
        path: line.slice(space + 1),
      };
    }
    return table as EndpointTable<Schemas, Lines>;
  };
}

/**
 * A module's schemas, one entry per endpoint, under the OpenAPI tag they
 * share. The names are those of the route table.
 */
export function endpointSchemas<const Schemas extends Record<string, Omit<EndpointSchema, 'tag'>>>(
  tag: string,
  schemas: Schemas,
): { readonly [Name in keyof Schemas]: Schemas[Name] & { readonly tag: string } } {
  const tagged: Record<string, EndpointSchema> = {};
  for (const [name, schema] of Object.entries(schemas)) tagged[name] = { ...schema, tag };
  return tagged as { readonly [Name in keyof Schemas]: Schemas[Name] & { readonly tag: string } };
}

/** The schemas a route was declared with (types only). */
export type SchemaOf<E> = E extends Endpoint<infer Schema, HttpMethod, string> ? Schema : never;

/** The keys a caller may leave out: those the schema itself lets be absent (a default, optional). */
type OptionalKeys<T> = { [Key in keyof T]-?: object extends Pick<T, Key> ? Key : never }[keyof T];

/**
 * Query values as a caller gives them: what the server reads (numbers, lists)
 * rather than the text of a query string, required where the schema requires.
 */
type QueryValues<Schema extends ZodType> = {
  [Key in Exclude<keyof output<Schema>, OptionalKeys<input<Schema>>>]: output<Schema>[Key];
} & { [Key in Extract<keyof output<Schema>, OptionalKeys<input<Schema>>>]?: output<Schema>[Key] };

export type ParamsOf<E> =
  SchemaOf<E> extends { params: infer Params extends ZodType } ? output<Params> : undefined;
export type QueryOf<E> =
  SchemaOf<E> extends { query: infer Query extends ZodType } ? QueryValues<Query> : undefined;
/** The body as the caller sends it (before the server's trimming and defaults). */
export type BodyOf<E> =
  SchemaOf<E> extends { body: infer Body extends ZodType } ? input<Body> : undefined;
/** The answer as the client reads it. */
export type ResponseOf<E> =
  SchemaOf<E> extends { response: infer Response extends ZodType } ? output<Response> : never;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * The address of a call: the root, the path with its parameters filled in,
 * and the query with lists as `key[]=a&key[]=b` and empty values left out.
 */
export function endpointUrl(
  endpoint: Endpoint,
  params?: Readonly<Record<string, string | number>>,
  query?: Readonly<Record<string, QueryValue>>,
): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name])),
  );
  const pairs: string[] = [];
  const add = (key: string, value: string | number | boolean) =>
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) add(`${key}[]`, item);
    else add(key, value as string | number | boolean);
  }
  return `${endpoint.root}${path}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`;
}
