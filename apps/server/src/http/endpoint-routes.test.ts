import { apiRoots } from '@skolportalen/shared/api-roots';
import { declareEndpoints, endpointSchemas } from '@skolportalen/shared/endpoints/endpoint';
import { z } from '@skolportalen/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { answerRefusalsWith, registerEndpoints } from './endpoint-routes';

const noteSchemas = endpointSchemas('note', {
  create: {
    summary: 'Skriv en anteckning',
    body: z.strictObject({ text: z.string().min(1) }),
    response: z.object({ id: z.number(), text: z.string() }),
    status: 201,
    errors: [429],
  },
  read: {
    summary: 'Läs en anteckning',
    params: z.strictObject({ id: z.coerce.number().int() }),
    query: z.object({ upper: z.enum(['true', 'false']).optional() }),
    response: z.object({ id: z.number(), text: z.string() }),
  },
});
const noteEndpoints = declareEndpoints<typeof noteSchemas>()(apiRoots.core, {
  create: 'POST /note',
  read: 'GET /note/:id',
});

async function appWith(register: (app: FastifyInstance) => void, prefix: string = apiRoots.core) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const responses = new Map<string, string[]>();
  await app.register(
    async (group) => {
      answerRefusalsWith(group, [400, 401]);
      group.addHook('onRoute', (route) => {
        const statuses = Object.keys(route.schema?.response ?? {});
        responses.set(`${String(route.method)} ${route.url}`, statuses);
      });
      register(group);
    },
    { prefix },
  );
  await app.ready();
  return { app, responses };
}

describe('registerEndpoints', () => {
  it('answers with the declared status and hands the handler parsed input', async () => {
    const { app } = await appWith((group) =>
      registerEndpoints(group, noteEndpoints, noteSchemas, {
        create: async (request) => ({ id: 1, text: request.body.text }),
        read: async (request) => ({
          id: request.params.id,
          text: request.query.upper === 'true' ? 'HEJ' : 'hej',
        }),
      }),
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/core/v1/note',
      payload: { text: 'a' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 1, text: 'a' });
    const read = await app.inject({ url: '/api/core/v1/note/7?upper=true' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ id: 7, text: 'HEJ' });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/core/v1/note',
      payload: { text: '' },
    });
    expect(refused.statusCode).toBe(400);
    await app.close();
  });

  it("passes Fastify's route options on: config, hooks, body limit", async () => {
    const seen: (boolean | undefined)[] = [];
    const { app } = await appWith((group) =>
      registerEndpoints(group, noteEndpoints, noteSchemas, {
        create: {
          bodyLimit: 64,
          config: { readOnly: true },
          preHandler: async (request) => {
            seen.push(request.routeOptions.config.readOnly);
          },
          handler: async (request) => ({ id: 1, text: request.body.text }),
        },
        read: async (request) => ({ id: request.params.id, text: 'hej' }),
      }),
    );
    expect(
      (await app.inject({ method: 'POST', url: '/api/core/v1/note', payload: { text: 'a' } }))
        .statusCode,
    ).toBe(201);
    expect(seen).toEqual([true]);
    const large = await app.inject({
      method: 'POST',
      url: '/api/core/v1/note',
      payload: { text: 'x'.repeat(100) },
    });
    expect(large.statusCode).toBe(413);
    await app.close();
  });

  it('lists the group’s refusals and the endpoint’s own beside its answer', async () => {
    const { app, responses } = await appWith((group) =>
      registerEndpoints(group, noteEndpoints, noteSchemas, {
        create: async () => ({ id: 1, text: 'a' }),
        read: async () => ({ id: 1, text: 'a' }),
      }),
    );
    expect(responses.get('POST /api/core/v1/note')).toEqual(['201', '400', '401', '429']);
    expect(responses.get('GET /api/core/v1/note/:id')).toEqual(['200', '400', '401']);
    await app.close();
  });

  it('refuses to register an endpoint under another API root than its own', async () => {
    await expect(
      appWith(
        (group) =>
          registerEndpoints(group, noteEndpoints, noteSchemas, {
            create: async () => ({ id: 1, text: 'a' }),
            read: async () => ({ id: 1, text: 'a' }),
          }),
        apiRoots.portal,
      ),
    ).rejects.toThrow(
      'create is declared under /api/core/v1 but registered under /api/portal-service/v1',
    );
  });
});
