import multipart from '@fastify/multipart';
import { errorBody, limits, mediaResponse, mediaSortColumns, z } from '@skolportalen/shared';
import { mediaEndpoints } from '@skolportalen/shared/endpoints/media';
import { mediaSchemas } from '@skolportalen/shared/endpoints/media.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../identity/authenticate';
import { realActorOf } from '../../identity/token.repo';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { findMedia, listMedia, presentMedia } from './media.repo';
import { mediaPermissions, mediaPolicy } from './media.policy';
import { editMedia, removeMedia, uploadMedia, type Actor } from './media.service';
import { readUploadForm, uploadParserOptions } from './media-upload-form';
import { usageTotals } from './media-usages.repo';

/**
 * Documents the upload form in OpenAPI. It accepts anything because the
 * multipart body is read and checked by readUploadForm, not by the schema.
 */
const uploadFormDocumentation = z.any().meta({
  type: 'object',
  required: ['file', 'title', 'description'],
  properties: {
    file: { type: 'string', format: 'binary' },
    title: { type: 'string', maxLength: limits.mediaTitleMax },
    description: { type: 'string', minLength: limits.mediaAltMin, maxLength: limits.mediaAltMax },
    categoryId: { type: 'integer' },
  },
});

function actorOf(request: FastifyRequest): Actor {
  const { user, token } = authOf(request);
  return { user, realUserId: realActorOf(token), requestId: request.id };
}

/** `/api/core/v1/media`: the media library (spec §7 "media"). */
export async function mediaRoutes(
  app: FastifyInstance,
  { db, mediaStorage, scanUpload }: RouteDeps,
) {
  // Multipart is parsed only here; everywhere else such a body stays a 415.
  await app.register(multipart, uploadParserOptions);
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function present(request: FastifyRequest, row: Parameters<typeof presentMedia>[0]) {
    const usages = await usageTotals(db, [row.id]);
    return presentMedia(row, usages.get(row.id) ?? 0, mediaPermissions(authOf(request).user));
  }

  registerEndpoints(app, mediaEndpoints, mediaSchemas, {
    list: {
      config: { requires: mediaPolicy.list },
      handler: async (request, reply) => {
        const { user } = authOf(request);
        const sort = sortOrThrow(request.query.sort, mediaSortColumns, [
          { column: 'created', direction: 'DESC' },
        ]);
        const { rows, total } = await listMedia(db, request.query, sort);
        reply.headers(paginationTotal(total));
        const can = mediaPermissions(user);
        return rows.map(({ row, usageCount }) => presentMedia(row, usageCount, can));
      },
    },
    get: {
      config: { requires: mediaPolicy.list },
      handler: async (request) => {
        const row = await findMedia(db, request.params.id);
        if (!row) throw errors.notFound();
        return present(request, row);
      },
    },
    update: {
      config: { requires: mediaPolicy.edit },
      handler: async (request) => {
        const row = await editMedia(db, actorOf(request), request.params.id, request.body);
        return present(request, row);
      },
    },
    remove: {
      config: { requires: mediaPolicy.delete },
      handler: async (request) => {
        await removeMedia(db, mediaStorage, actorOf(request), request.params.id, request.log);
        return { ok: true as const };
      },
    },
  });

  // The upload stays out of the declared table: its multipart form is read and
  // checked by readUploadForm, its documentation needs `consumes` and a
  // description, and the web app sends it with apiUpload.
  r.post(
    '/media',
    {
      // Checked before the multipart body is read, so a refused upload costs nothing.
      config: { requires: mediaPolicy.upload },
      schema: {
        tags: ['media'],
        summary: 'Ladda upp en fil (multipart/form-data)',
        description:
          'Fält: `file` (png, gif, jpg/jpeg eller pdf, högst 10 MB), `title` (1–25 tecken), ' +
          '`description` eller `alt` (alternativtext, 4–55 tecken), `categoryId` (valfri: 2, 7, 10; pdf 8).',
        consumes: ['multipart/form-data'],
        // Documents the form for OpenAPI; the multipart body itself is read by readUploadForm.
        body: uploadFormDocumentation,
        response: {
          201: mediaResponse,
          413: errorBody,
          415: errorBody,
          422: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readUploadForm(request);
      await scanUpload(request, file);
      const row = await uploadMedia(db, mediaStorage, actorOf(request), fields, file);
      reply.status(201);
      return present(request, row);
    },
  );
}
