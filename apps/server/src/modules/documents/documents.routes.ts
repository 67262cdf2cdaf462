import multipart from '@fastify/multipart';
import {
  documentFolderRequest,
  documentGuidParams,
  documentLinkParams,
  errorBody,
  sv,
} from '@skolportalen/shared';
import { documentEndpoints } from '@skolportalen/shared/endpoints/documents';
import { documentSchemas } from '@skolportalen/shared/endpoints/documents.schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../identity/authenticate';
import { authorize } from '../../identity/authorize';
import { realActorOf } from '../../identity/token.repo';
import { errors } from '../../http/errors';
import { registerEndpoints } from '../../http/endpoint-routes';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertStorableText } from '../../http/text-guard';
import { sharedLinkExpiry } from './shared-link-lifetime';
import { tooLarge } from './builtin.provider';
import { documentsPolicy } from './documents.policy';
import { sessionAudience } from '../audience/session-audience';
import type { DocumentContent, DocumentUser, Paged } from './provider';
import { createDocumentRepository } from './repository';

/** Every route that acts as a person: the repository is for holders of document_repository. */
const asRepositoryUser = { requires: documentsPolicy.use };
const ticketHeader = 'x-document-ticket';
/** As long as a portal session; the repository may end the ticket sooner (then: sign in again). */
const ticketTtlMs = 8 * 60 * 60 * 1000;

/** Alfresco's list envelope: each item wrapped as `{ entry }`. */
function listOf<T>(paged: Paged<T>) {
  return { pagination: paged.pagination, entries: paged.entries.map((entry) => ({ entry })) };
}

/** `/api/document-repository/v1` (spec §7 "Document repository v1"). */
export async function documentRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { config } = deps;
  const repository = createDocumentRepository(deps);
  const { provider } = repository;
  const maxBytes = config.documents.maxUploadBytes;
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * A person's repository ticket from POST /token is kept for their portal
   * session on the server (decision 0007), so the browser never stores it;
   * API clients may send their own in the header instead.
   */
  const sessionTicketKey = (tokenId: string) => `documents:ticket:${tokenId}`;

  /** The person a call acts as; the route has asked `documentsPolicy.use` before. */
  async function who(request: FastifyRequest): Promise<DocumentUser> {
    const auth = authOf(request);
    const header = request.headers[ticketHeader];
    const ticket =
      typeof header === 'string' && header.length <= 512
        ? header
        : ((await deps.cache.get<string>(sessionTicketKey(auth.token.id))) ?? null);
    return {
      user: auth.user,
      ticket,
      maskedBy: realActorOf(auth.token),
      requestId: request.id,
      audience: () => sessionAudience(deps.db, request),
    };
  }

  function sendFile(reply: FastifyReply, content: DocumentContent) {
    const ascii = content.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('content-type', content.mimeType)
      .header('content-length', String(content.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(content.name)}`,
      )
      .send(content.stream);
  }

  const signedIn = { onRequest: [app.authenticate] };
  registerEndpoints(app, documentEndpoints, documentSchemas, {
    sites: {
      ...signedIn,
      config: asRepositoryUser,
      handler: async (request, reply) => {
        const sites = await provider.listSites(await who(request), request.query);
        reply.headers(paginationTotal(sites.pagination.totalItems));
        return { list: listOf(sites) };
      },
    },
    favorites: {
      ...signedIn,
      config: asRepositoryUser,
      firstScreen: true,
      read: async (request) => {
        const favorites = await provider.listFavorites(await who(request), request.query);
        return { answer: { list: listOf(favorites) }, total: favorites.pagination.totalItems };
      },
    },
    addFavorite: {
      ...signedIn,
      config: asRepositoryUser,
      handler: async (request) => ({
        entry: await provider.addFavorite(await who(request), request.body.guid),
      }),
    },
    removeFavorite: {
      ...signedIn,
      config: asRepositoryUser,
      handler: async (request) => {
        await provider.removeFavorite(await who(request), request.params.id);
        return null;
      },
    },
    node: {
      ...signedIn,
      config: asRepositoryUser,
      handler: async (request, reply) => {
        const view = await provider.getNode(await who(request), request.params.id, request.query);
        if (view.kind === 'document') return { entry: view.entry };
        reply.headers(paginationTotal(view.children.pagination.totalItems));
        return { list: { ...listOf(view.children), source: view.source } };
      },
    },
    create: {
      ...signedIn,
      config: asRepositoryUser,
      handler: async (request) => {
        const person = await who(request);
        if (request.isMultipart()) {
          const file = await readUpload(request, maxBytes);
          await deps.scanUpload(request, { fileName: file.name, data: file.bytes }, 'filedata');
          return { entry: await provider.upload(person, request.params.id, file) };
        }
        const parsed = documentFolderRequest.safeParse(request.body);
        if (!parsed.success)
          throw errors.validation(
            parsed.error.issues.map((issue) => ({
              field: issue.path.join('.'),
              message: issue.message,
            })),
          );
        return { entry: await provider.createFolder(person, request.params.id, parsed.data.name) };
      },
    },
    createLink: {
      ...signedIn,
      handler: async (request) => {
        const { guid, expiresAt } = request.body;
        const expiry = sharedLinkExpiry(
          expiresAt ? new Date(expiresAt) : null,
          config.sharedLinkDays,
          deps.clock(),
        );
        // Asked after the expiry, which a bad date has always refused with 400 first.
        authorize(authOf(request).user, documentsPolicy.use);
        return { entry: await provider.createSharedLink(await who(request), guid, expiry) };
      },
    },
    revokeLink: {
      ...signedIn,
      config: asRepositoryUser,
      handler: async (request) => {
        await provider.revokeSharedLink(await who(request), request.params.linkId);
        return null;
      },
    },
    ticket: {
      ...signedIn,
      config: asRepositoryUser,
      handler: async (request) => {
        const entry = await provider.createTicket(await who(request), request.body ?? null);
        await deps.cache.set(sessionTicketKey(authOf(request).token.id), entry.id, ticketTtlMs);
        return { entry };
      },
    },
  });

  // The files themselves are not JSON: their routes keep their own registration.
  r.get(
    '/node/:id/content',
    {
      ...signedIn,
      config: asRepositoryUser,
      schema: {
        tags: ['documents'],
        summary: 'Hämta ett dokument',
        params: documentGuidParams,
        response: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) =>
      sendFile(reply, await provider.readContent(await who(request), request.params.id)),
  );

  r.get(
    '/shared/:linkId',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['documents'],
        summary: 'Hämta ett delat dokument (utan inloggning)',
        params: documentLinkParams,
        response: { 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) =>
      sendFile(reply, await repository.sharedContent(request.params.linkId)),
  );
}

/** The one file of a multipart upload (field `filedata`, as in Alfresco), whole in memory. */
async function readUpload(request: FastifyRequest, maxBytes: number) {
  let part;
  try {
    part = await request.file();
  } catch {
    throw errors.badRequest('MALFORMED_UPLOAD', sv.documents.fileMissing);
  }
  if (!part || part.fieldname !== 'filedata')
    throw errors.validation([{ field: 'filedata', message: sv.documents.fileMissing }]);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw errors.badRequest('MALFORMED_UPLOAD', sv.documents.fileMissing);
  }
  // An explicit name field wins over the browser's file name, as Alfresco's `name`.
  const nameField = part.fields.name;
  const name =
    nameField && 'value' in nameField && typeof nameField.value === 'string'
      ? nameField.value
      : part.filename;
  assertStorableText({ [nameField ? 'name' : 'filedata']: name });
  return { name, bytes };
}
