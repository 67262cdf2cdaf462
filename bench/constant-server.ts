/** The lightest HTTP answer Fastify gives: the ceiling for a portal route (bench/ceilings.ts). */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { ok: true };
app.get('/constant', async () => body);
await app.listen({ port: Number(process.env.PORT ?? 3299) });
