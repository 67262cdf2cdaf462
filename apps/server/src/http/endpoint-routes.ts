import type {
  Endpoint,
  EndpointSchema,
  SchemaOf,
  SuccessStatus,
} from '@skolportalen/shared/endpoints/endpoint';
import { errorBody } from '@skolportalen/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodType, input, output } from 'zod';

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

/** A handler, or Fastify route options with the handler beside them. */
export type EndpointRoute<Schema> =
  EndpointHandler<Schema> | (RouteOptions & { handler: EndpointHandler<Schema> });

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
    const { handler, ...options } = typeof route === 'function' ? { handler: route } : route;
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
