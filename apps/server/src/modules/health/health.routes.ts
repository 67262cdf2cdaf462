import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';

/** `/health`: the process answers. `/ready`: the database answers too. */
export async function healthRoutes(
  app: FastifyInstance,
  { database }: { database: DatabaseHandle },
) {
  app.get('/health', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
