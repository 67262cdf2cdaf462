import { mediaMimeTypes, z } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../http/errors';
import type { RouteDeps } from '../../http/route-deps';
import { findByFilename } from './media.repo';
import { isStoredName } from '../../media-storage/media-storage';

const contentTypes: Record<string, string> = {
  png: mediaMimeTypes.png,
  gif: mediaMimeTypes.gif,
  jpg: mediaMimeTypes.jpeg,
  pdf: mediaMimeTypes.pdf,
  webp: 'image/webp',
};

/**
 * Whatever a file contains, the browser must never run it as a page: no
 * sniffing, a sandbox without scripts, and pdf documents only as downloads.
 */
const fileSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
  // Stored names are never reused (content hash plus a random part), so a copy never goes stale.
  'cache-control': 'public, max-age=31536000, immutable',
};

/** `filename="…"` for old clients (ASCII only), `filename*` with the real name for the rest. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string) {
  const ascii = fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** `/media/{filename}`: the stored files, outside the API (spec §7). */
export async function mediaFileRoutes(
  app: FastifyInstance,
  { db, mediaStorage }: Pick<RouteDeps, 'db' | 'mediaStorage'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/media/:filename',
    {
      schema: {
        hide: true,
        params: z.object({ filename: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const { filename } = request.params;
      const contentType = contentTypes[filename.split('.').pop() ?? ''];
      if (!isStoredName(filename) || !contentType) throw errors.notFound();

      const etag = `"${filename}"`;
      reply.headers({ ...fileSecurityHeaders, etag });
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();

      const file = await mediaStorage.open(filename);
      if (!file) throw errors.notFound();
      let disposition = contentDisposition('inline', filename);
      if (contentType === mediaMimeTypes.pdf) {
        const row = await findByFilename(db, filename);
        disposition = contentDisposition('attachment', row?.originalName ?? filename);
      }
      return reply
        .headers({
          'content-type': contentType,
          'content-length': String(file.size),
          'content-disposition': disposition,
        })
        .send(file.stream);
    },
  );
}
