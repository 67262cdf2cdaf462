import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';

/** `/health`: the process answers. `/ready`: the database answers too, and the instance is not shutting down. */
export async function healthRoutes(
  app: FastifyInstance,
  { database, lifecycle }: { database: DatabaseHandle; lifecycle: { draining: boolean } },
) {
  app.get('/health', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    // A draining instance tells the load balancer to send no more traffic.
    if (lifecycle.draining)
      return reply.status(503).send({ status: 'draining', database: database.kind });
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
