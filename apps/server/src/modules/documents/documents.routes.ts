import multipart from '@fastify/multipart';
import {
  documentEntry,
  documentFavorite,
  documentFavoriteRequest,
  documentFolderRequest,
  documentGuidParams,
  documentLinkRequest,
  documentList,
  documentListQuery,
  documentNode,
  documentSharedLink,
  documentSite,
  documentTicket,
  documentTicketRequest,
  errorBody,
  sv,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../identity/authenticate';
import { authorize } from '../../identity/authorize';
import { realActorOf } from '../../identity/token.repo';
import { errors } from '../../http/errors';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertStorableText } from '../../http/text-guard';
import { sharedLinkExpiry } from './shared-link-lifetime';
import { tooLarge } from './builtin.provider';
import { documentsPolicy } from './documents.policy';
import type { DocumentContent, DocumentUser, Paged } from './provider';
import { createDocumentRepository } from './repository';

const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
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
    return { user: auth.user, ticket, maskedBy: realActorOf(auth.token), requestId: request.id };
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

  r.get(
    '/site',
    {
      onRequest: [app.authenticate],
      config: asRepositoryUser,
      schema: {
        tags: ['documents'],
        summary: 'Dokumentytor som användaren får se',
        querystring: documentListQuery,
        response: { 200: documentList(documentSite), ...refusals },
      },
    },
    async (request, reply) => {
      const sites = await provider.listSites(await who(request), request.query);
      reply.headers(paginationTotal(sites.pagination.totalItems));
      return { list: listOf(sites) };
    },
  );

  r.get(
    '/favorite',
    {
      onRequest: [app.authenticate],
      config: asRepositoryUser,
      schema: {
        tags: ['documents'],
        summary: 'Mina dokument: favoriter',
        querystring: documentListQuery,
        response: { 200: documentList(documentFavorite), ...refusals },
      },
    },
    async (request, reply) => {
      const favorites = await provider.listFavorites(await who(request), request.query);
      reply.headers(paginationTotal(favorites.pagination.totalItems));
      return { list: listOf(favorites) };
    },
  );

  r.post(
    '/favorite',
    {
      onRequest: [app.authenticate],
      config: asRepositoryUser,
      schema: {
        tags: ['documents'],
        summary: 'Lägg till en favorit (webbplats, mapp eller dokument)',
        body: documentFavoriteRequest,
        response: { 201: documentEntry(documentFavorite), ...refusals },
      },
    },
    async (request, reply) => {
      const entry = await provider.addFavorite(await who(request), request.body.guid);
      return reply.status(201).send({ entry });
    },
  );

  r.delete(
    '/favorite/:id',
    {
      onRequest: [app.authenticate],
      config: asRepositoryUser,
      schema: {
        tags: ['documents'],
        summary: 'Ta bort en favorit',
        params: documentGuidParams,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await provider.removeFavorite(await who(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/node/:id',
    {
      onRequest: [app.authenticate],
      config: asRepositoryUser,
      schema: {
        tags: ['documents'],
        summary: 'En mapps innehåll eller ett dokuments uppgifter',
        params: documentGuidParams,
        querystring: documentListQuery,
        response: {
          200: z.union([documentList(documentNode), documentEntry(documentNode)]),
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const view = await provider.getNode(await who(request), request.params.id, request.query);
      if (view.kind === 'document') return { entry: view.entry };
      reply.headers(paginationTotal(view.children.pagination.totalItems));
      return { list: { ...listOf(view.children), source: view.source } };
    },
  );

  r.get(
    '/node/:id/content',
    {
      onRequest: [app.authenticate],
      config: asRepositoryUser,
      schema: {
        tags: ['documents'],
        summary: 'Hämta ett dokument',
        params: documentGuidParams,
        response: refusals,
      },
    },
    async (request, reply) =>
      sendFile(reply, await provider.readContent(await who(request), request.params.id)),
  );

  r.post(
    '/node/:id',
    {
      onRequest: [app.authenticate],
      config: asRepositoryUser,
      schema: {
        tags: ['documents'],
        summary: 'Skapa en mapp (JSON) eller ladda upp ett dokument (multipart, fältet filedata)',
        params: documentGuidParams,
        response: {
          201: documentEntry(documentNode),
          409: errorBody,
          413: errorBody,
          415: errorBody,
          422: errorBody,
          503: errorBody,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const person = await who(request);
      if (request.isMultipart()) {
        const file = await readUpload(request, maxBytes);
        await deps.scanUpload(request, { fileName: file.name, data: file.bytes }, 'filedata');
        const entry = await provider.upload(person, request.params.id, file);
        return reply.status(201).send({ entry });
      }
      const parsed = documentFolderRequest.safeParse(request.body);
      if (!parsed.success)
        throw errors.validation(
          parsed.error.issues.map((issue) => ({
            field: issue.path.join('.'),
            message: issue.message,
          })),
        );
      const entry = await provider.createFolder(person, request.params.id, parsed.data.name);
      return reply.status(201).send({ entry });
    },
  );

  r.post(
    '/link',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['documents'],
        summary: 'Skapa en delad länk till ett dokument',
        body: documentLinkRequest,
        response: { 201: documentEntry(documentSharedLink), ...refusals },
      },
    },
    async (request, reply) => {
      const { guid, expiresAt } = request.body;
      const expiry = sharedLinkExpiry(
        expiresAt ? new Date(expiresAt) : null,
        config.sharedLinkDays,
        deps.clock(),
      );
      // Asked after the expiry, which a bad date has always refused with 400 first.
      authorize(authOf(request).user, documentsPolicy.use);
      const entry = await provider.createSharedLink(await who(request), guid, expiry);
      return reply.status(201).send({ entry });
    },
  );

  r.delete(
    '/link/:linkId',
    {
      onRequest: [app.authenticate],
      config: asRepositoryUser,
      schema: {
        tags: ['documents'],
        summary: 'Återkalla en delad länk (den som skapade den, eller en administratör)',
        params: z.strictObject({
          linkId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, sv.documents.linkNotFound),
        }),
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await provider.revokeSharedLink(await who(request), request.params.linkId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/token',
    {
      onRequest: [app.authenticate],
      config: asRepositoryUser,
      schema: {
        tags: ['documents'],
        summary: 'En nyckel (ticket) till dokumentarkivet för användaren',
        body: documentTicketRequest,
        response: {
          201: documentEntry(documentTicket),
          502: errorBody,
          504: errorBody,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const entry = await provider.createTicket(await who(request), request.body ?? null);
      await deps.cache.set(sessionTicketKey(authOf(request).token.id), entry.id, ticketTtlMs);
      return reply.status(201).send({ entry });
    },
  );

  r.get(
    '/shared/:linkId',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['documents'],
        summary: 'Hämta ett delat dokument (utan inloggning)',
        params: z.strictObject({
          linkId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, sv.documents.linkNotFound),
        }),
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
