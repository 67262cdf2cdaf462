import type {
  Endpoint,
  EndpointSchema,
  SchemaOf,
  SuccessStatus,
} from '@skolportalen/shared/endpoints/endpoint';
import { errorBody } from '@skolportalen/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType, input, output } from 'zod';
import type { SourceAnswer, SourceInput } from './first-screen-sources';
import { paginationTotal } from './route-deps';
import { authOf } from '../identity/authenticate';
import { authorize } from '../identity/authorize';

type Parsed<Schema, Part extends 'params' | 'query' | 'body'> =
  Schema extends Record<Part, infer Type extends ZodType> ? output<Type> : unknown;

/** A request whose params, query and body have passed the endpoint's schemas. */
export type EndpointRequest<Schema> = FastifyRequest<{
  Params: Parsed<Schema, 'params'>;
  Querystring: Parsed<Schema, 'query'>;
  Body: Parsed<Schema, 'body'>;
}>;

/** What the handler answers with: the response schema's input, or the reply it sent itself. */
type Answer<Schema> = Schema extends { response: infer Response extends ZodType }
  ? input<Response> | FastifyReply
  : never;

export type EndpointHandler<Schema> = (
  request: EndpointRequest<Schema>,
  reply: FastifyReply,
) => Promise<Answer<Schema>>;

/** Fastify's own route options (`config`, `bodyLimit`, `preHandler`…), given on as they are. */
type RouteOptions = Omit<RouteShorthandOptions, 'schema'>;

type ResponseInput<Schema> = Schema extends { response: infer Response extends ZodType }
  ? input<Response>
  : never;

/**
 * What a read answers: the answer itself (serialised by the route's response
 * schema), or JSON text it made with `serialize` (a kept answer), and for a
 * list its total (the `x-pagination-total` header). With its own text, a
 * read may give what it wrote beside it (`SourceAnswer.value`) and the
 * texts of some of its fields (`SourceAnswer.fields`).
 */
export type ReadAnswer<Schema> =
  | { answer: ResponseInput<Schema>; total?: number }
  | {
      payload: string;
      total?: number | string;
      value?: unknown;
      fields?: Readonly<Record<string, string>>;
    };

/**
 * A route that only reads and answers 200, written without the reply so that
 * the page at "/" can answer it inside the page too (`firstScreen`).
 */
export type EndpointRead<Schema> = (
  request: EndpointRequest<Schema>,
  serialize: (answer: ResponseInput<Schema>) => string,
) => Promise<ReadAnswer<Schema>>;

/** Fastify route options with the read beside them; `firstScreen` offers it to the start page. */
export type ReadRoute<Schema> = RouteOptions & { read: EndpointRead<Schema>; firstScreen?: true };

/** A handler, Fastify route options with the handler beside them, or a read. */
export type EndpointRoute<Schema> =
  | EndpointHandler<Schema>
  | (RouteOptions & { handler: EndpointHandler<Schema> })
  | ReadRoute<Schema>;

type SchemasOf<Table> = { readonly [Name in keyof Table]: SchemaOf<Table[Name]> };

const statusesOf = (schema: EndpointSchema): readonly SuccessStatus[] =>
  schema.status === undefined
    ? [200]
    : typeof schema.status === 'number'
      ? [schema.status]
      : schema.status;

/** The Fastify schema of a declared endpoint: validation, serialisation and the OpenAPI text. */
function fastifySchemaOf(schema: EndpointSchema) {
  const response: Record<number, ZodType> = {};
  for (const status of statusesOf(schema)) response[status] = schema.response;
  for (const status of schema.errors ?? []) response[status] = errorBody;
  return {
    tags: [schema.tag],
    summary: schema.summary,
    ...(schema.params ? { params: schema.params } : {}),
    ...(schema.query ? { querystring: schema.query } : {}),
    ...(schema.body ? { body: schema.body } : {}),
    response,
  };
}

/**
 * Registers a module's declared endpoints (packages/shared/src/endpoints),
 * one handler each; the compiler asks for a handler for every endpoint of
 * the table. Each route gets its declared schemas and, when it has a single
 * success status other than 200, that status before the handler runs. The
 * refusals every route of a group answers with come from the group
 * (`answerRefusalsWith`); authentication stays with the group too.
 */
export function registerEndpoints<Table extends Record<string, Endpoint>>(
  app: FastifyInstance,
  endpoints: Table,
  schemas: SchemasOf<Table>,
  routes: { [Name in keyof Table]: EndpointRoute<SchemaOf<Table[Name]>> },
) {
  for (const name of Object.keys(endpoints) as (keyof Table & string)[]) {
    const endpoint = endpoints[name]!;
    const schema = schemas[name] as EndpointSchema;
    if (app.prefix !== endpoint.root) {
      throw new Error(
        `${name} is declared under ${endpoint.root} but registered under ${app.prefix}`,
      );
    }
    const route = routes[name] as EndpointRoute<EndpointSchema>;
    const { handler, ...options } =
      typeof route === 'function'
        ? { handler: route }
        : 'read' in route
          ? readHandler(app, endpoint, schema, route)
          : route;
    const statuses = statusesOf(schema);
    const status = statuses.length === 1 && statuses[0] !== 200 ? statuses[0] : undefined;
    app.route({
      ...options,
      method: endpoint.method,
      url: endpoint.path,
      schema: fastifySchemaOf(schema),
      handler: (request: FastifyRequest, reply: FastifyReply) => {
        if (status !== undefined) reply.code(status);
        return handler(request as EndpointRequest<EndpointSchema>, reply);
      },
    });
  }
}

/**
 * A serialiser for part of a route's answer, the same as the routes' own
 * (the app's zod compiler): the value is checked by `schema`, then written.
 * `name` says in an error which answer it was.
 */
export function responseSerializer(schema: ZodType, name: string): (value: unknown) => string {
  return serializerCompiler({ schema, method: 'GET', url: name }) as (value: unknown) => string;
}

/**
 * A read route's handler, and its read offered to the first screen: given
 * the page's authenticated request, the read's input passes the route's own
 * schemas and its answer the route's own serialiser (the same compilers the
 * app sets), so both answer alike.
 */
function readHandler(
  app: FastifyInstance,
  endpoint: Endpoint,
  schema: EndpointSchema,
  { read, firstScreen, ...options }: ReadRoute<EndpointSchema>,
): RouteOptions & { handler: EndpointHandler<EndpointSchema> } {
  // The route's pattern, `:name` for each parameter.
  const url = `${endpoint.root}${endpoint.path}`;
  const serialize = serializerCompiler({
    schema: schema.response,
    method: endpoint.method,
    url,
  }) as (answer: unknown) => string;
  const answerOf = async (request: EndpointRequest<EndpointSchema>): Promise<SourceAnswer> => {
    const made = await read(request, serialize);
    const total = made.total === undefined ? {} : { total: String(made.total) };
    if (!('payload' in made)) return { payload: serialize(made.answer), ...total };
    return {
      payload: made.payload,
      ...(made.value === undefined ? {} : { value: made.value }),
      ...(made.fields === undefined ? {} : { fields: made.fields }),
      ...total,
    };
  };
  if (firstScreen) {
    // The page runs the read after its own `authenticate`; a hook of the route's own would be skipped.
    if (options.preValidation || options.preHandler || options.preSerialization) {
      throw new Error(`${url} has hooks of its own and cannot answer in the first screen`);
    }
    const requires = options.config?.requires;
    const check = (part: ZodType | undefined, value: unknown) => {
      if (!part) return value;
      const checked = (
        validatorCompiler({ schema: part, method: endpoint.method, url }) as (data: unknown) => {
          value?: unknown;
          error?: unknown;
        }
      )(value);
      if (checked.error) throw new Error(`the first screen asks ${url} with input it refuses`);
      return checked.value;
    };
    // By the route's pattern: a parameter's value comes with each request (`input.params`).
    app.firstScreenSources.provide(endpoint.method, url, (request, input: SourceInput) => {
      if (requires) authorize(authOf(request).user, requires);
      // The page's request as the read sees it: its session, with the read's own input.
      const asked = Object.create(request, {
        params: { value: check(schema.params, input.params ?? {}) },
        query: { value: check(schema.query, input.query ?? {}) },
        body: { value: check(schema.body, input.body) },
      }) as EndpointRequest<EndpointSchema>;
      return answerOf(asked);
    });
  }
  return {
    ...options,
    handler: async (request, reply) => {
      const { payload, total } = await answerOf(request);
      if (total !== undefined) reply.headers(paginationTotal(Number(total)));
      return reply
        .type('application/json; charset=utf-8')
        .serializer((text: unknown) => text as string)
        .send(payload);
    },
  };
}

/**
 * Every route registered in `group` (and the groups inside it) may answer
 * with these refusals: they join each route's response schemas, so the
 * OpenAPI document lists them and the error handler's body is checked
 * against the spec's error body. A route's own entry for a status wins.
 */
export function answerRefusalsWith(group: FastifyInstance, statuses: readonly number[]) {
  group.addHook('onRoute', (route) => {
    if (!route.schema) return;
    const own = (route.schema.response ?? {}) as Record<string, unknown>;
    const refusals: Record<string, unknown> = {};
    for (const status of statuses) if (!(status in own)) refusals[status] = errorBody;
    route.schema = { ...route.schema, response: { ...own, ...refusals } };
  });
}
