import { requestMeta } from '../../http/request-meta';
import { errorBody, id, loginResponse, z } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate';
import type { RouteDeps } from '../../http/route-deps';
import { writeSessionCookie } from '../auth/session-cookie';
import { cookieFromSession, presentSession, presentToken } from '../auth/session.service';
import { startMasking } from './masking.service';

const createTokenBody = z.strictObject({
  type: z.literal('masked'),
  userId: id,
});

/** `POST /api/core/v1/token`: an administrator starts acting as another user ("Maskerad"). */
export async function maskingRoutes(app: FastifyInstance, { db, cookieOptions }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/token',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['token'],
        summary:
          'Skapa en inloggning; typen masked låter en administratör agera som en annan användare',
        body: createTokenBody,
        response: {
          200: loginResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { entries, active } = await startMasking(
        db,
        auth,
        request.body.userId,
        requestMeta(request),
      );
      writeSessionCookie(reply, cookieFromSession(entries, active.token.id), cookieOptions);
      return {
        token: presentToken(active.token),
        session: await presentSession(
          db,
          entries.map((entry) => entry.token),
          active.token.id,
        ),
      };
    },
  );
}
