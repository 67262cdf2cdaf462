import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { sv, z, type DocumentNode, type DocumentSite } from '@skolportalen/shared';
import { AppError, errors } from '../../http/errors';
import { alfrescoClient, remoteErrors, type AlfrescoSettings } from './alfresco.client';
import { cleanName, detectType } from './file-rules';
import { tooLarge } from './builtin.provider';
import type { DocumentProvider, DocumentUser, Paged } from './provider';

/* What the remote sends is parsed, never trusted: unknown fields are dropped, text stays text. */
const text = z.string().max(2000);
const remoteUser = z.object({ id: text, displayName: text.optional() });
const remoteNode = z.object({
  id: text,
  name: text,
  nodeType: text,
  isFolder: z.boolean(),
  isFile: z.boolean(),
  parentId: text.optional(),
  createdAt: text,
  modifiedAt: text,
  createdByUser: remoteUser,
  modifiedByUser: remoteUser,
  content: z
    .object({ mimeType: text, mimeTypeName: text.optional(), sizeInBytes: z.number() })
    .optional(),
  allowableOperations: z.array(text).optional(),
  isFavorite: z.boolean().optional(),
  path: z.object({ elements: z.array(z.object({ id: text, name: text })) }).optional(),
});
const remoteSite = z.object({
  id: text,
  guid: text,
  title: text,
  description: text.nullish(),
  visibility: z.enum(['PUBLIC', 'PRIVATE', 'MODERATED']),
  role: z.enum(['SiteConsumer', 'SiteCollaborator', 'SiteContributor', 'SiteManager']).optional(),
});
const pagination = z.object({
  count: z.number(),
  hasMoreItems: z.boolean(),
  totalItems: z.number().optional(),
  skipCount: z.number(),
  maxItems: z.number(),
});
const listOf = <T extends z.ZodType>(entry: T) =>
  z.object({ list: z.object({ pagination, entries: z.array(z.object({ entry })) }) });
const entryOf = <T extends z.ZodType>(entry: T) => z.object({ entry });
const remoteFavorite = z.object({
  targetGuid: text,
  createdAt: text.optional(),
  target: z.union([
    z.object({ file: remoteNode }),
    z.object({ folder: remoteNode }),
    z.object({ site: remoteSite }),
  ]),
});
const remoteLink = z.object({
  id: text,
  nodeId: text,
  name: text,
  expiresAt: text.nullish(),
  content: z.object({ mimeType: text, sizeInBytes: z.number() }).optional(),
});
const remoteTicket = z.object({ id: text, userId: text });

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw remoteErrors.invalid();
  return result.data;
}

const operations = new Set(['create', 'update', 'delete']);
function toNode(node: z.infer<typeof remoteNode>): DocumentNode {
  return {
    id: node.id,
    name: node.name,
    nodeType: node.nodeType,
    isFolder: node.isFolder,
    isFile: node.isFile,
    parentId: node.parentId ?? null,
    createdAt: node.createdAt,
    modifiedAt: node.modifiedAt,
    createdByUser: {
      id: node.createdByUser.id,
      displayName: node.createdByUser.displayName ?? node.createdByUser.id,
    },
    modifiedByUser: {
      id: node.modifiedByUser.id,
      displayName: node.modifiedByUser.displayName ?? node.modifiedByUser.id,
    },
    ...(node.content ? { content: node.content } : {}),
    allowableOperations: (node.allowableOperations ?? []).filter((op) =>
      operations.has(op),
    ) as DocumentNode['allowableOperations'],
    isFavorite: node.isFavorite ?? false,
    ...(node.path ? { path: { elements: node.path.elements } } : {}),
  };
}
function toSite(site: z.infer<typeof remoteSite>): DocumentSite {
  return {
    id: site.id,
    guid: site.guid,
    title: site.title,
    description: site.description ?? null,
    visibility: site.visibility,
    ...(site.role
      ? { role: site.role === 'SiteContributor' ? 'SiteCollaborator' : site.role }
      : {}),
  };
}
function paged<T, U>(
  list: { pagination: z.infer<typeof pagination>; entries: { entry: T }[] },
  map: (entry: T) => U,
): Paged<U> {
  const p = list.pagination;
  return {
    pagination: {
      ...p,
      totalItems: p.totalItems ?? p.skipCount + p.count + (p.hasMoreItems ? 1 : 0),
    },
    entries: list.entries.map(({ entry }) => map(entry)),
  };
}
const favoriteOf = (favorite: z.infer<typeof remoteFavorite>) => ({
  targetGuid: favorite.targetGuid,
  createdAt: favorite.createdAt ?? new Date(0).toISOString(),
  target:
    'file' in favorite.target
      ? { file: toNode(favorite.target.file) }
      : 'folder' in favorite.target
        ? { folder: toNode(favorite.target.folder) }
        : { site: toSite(favorite.target.site) },
});

const id = (guid: string) => encodeURIComponent(guid);
const nodeInclude = 'include=path,allowableOperations,isFavorite';

/** Alfresco Content Services over its public REST API v1. */
export function alfrescoProvider(
  settings: AlfrescoSettings,
  maxUploadBytes: number,
): DocumentProvider {
  const remote = alfrescoClient(settings);
  const as = (who: DocumentUser) => ({ ticket: who.ticket });

  async function node(who: DocumentUser, guid: string) {
    return parse(
      entryOf(remoteNode),
      await remote.json(`/nodes/${id(guid)}?${nodeInclude}`, as(who)),
    ).entry;
  }

  return {
    async listSites(who, page) {
      const body = await remote.json(
        `/sites?skipCount=${page.skipCount}&maxItems=${page.maxItems}`,
        as(who),
      );
      return paged(parse(listOf(remoteSite), body).list, toSite);
    },

    async getNode(who, guid, page) {
      const source = toNode(await node(who, guid));
      if (!source.isFolder) return { kind: 'document', entry: source };
      const query = `skipCount=${page.skipCount}&maxItems=${page.maxItems}&orderBy=${encodeURIComponent('isFolder DESC,name ASC')}&include=allowableOperations,isFavorite`;
      const body = await remote.json(`/nodes/${id(guid)}/children?${query}`, as(who));
      return {
        kind: 'folder',
        source,
        children: paged(parse(listOf(remoteNode), body).list, toNode),
      };
    },

    async createFolder(who, parentGuid, rawName) {
      const name = cleanName(rawName);
      if (!name) throw errors.validation([{ field: 'name', message: sv.documents.invalidName }]);
      const body = await remote.json(`/nodes/${id(parentGuid)}/children?${nodeInclude}`, {
        ...as(who),
        method: 'POST',
        json: { name, nodeType: 'cm:folder' },
      });
      return toNode(parse(entryOf(remoteNode), body).entry);
    },

    async upload(who, parentGuid, file) {
      const name = cleanName(file.name);
      if (!name) throw errors.validation([{ field: 'name', message: sv.documents.invalidName }]);
      if (file.bytes.length === 0)
        throw errors.validation([{ field: 'filedata', message: sv.documents.fileEmpty }]);
      if (file.bytes.length > maxUploadBytes) throw tooLarge(maxUploadBytes);
      const type = detectType(file.bytes, name);
      if (!type) throw new AppError(415, 'FILE_TYPE_REFUSED', sv.documents.fileTypeRefused);
      const form = new FormData();
      form.append('filedata', new Blob([file.bytes], { type: type.mimeType }), name);
      form.append('name', name);
      form.append('majorVersion', 'false');
      const body = await remote.json(`/nodes/${id(parentGuid)}/children?${nodeInclude}`, {
        ...as(who),
        method: 'POST',
        form,
      });
      return toNode(parse(entryOf(remoteNode), body).entry);
    },

    async readContent(who, guid) {
      const meta = await node(who, guid);
      if (!meta.isFile || !meta.content)
        throw errors.badRequest('NOT_A_DOCUMENT', sv.documents.notADocument);
      const response = await remote.call(`/nodes/${id(guid)}/content?attachment=true`, as(who));
      if (!response.body) throw remoteErrors.invalid();
      return {
        name: meta.name,
        // The type the repository stored, served as an attachment with nosniff.
        mimeType: meta.content.mimeType,
        size: Number(response.headers.get('content-length') ?? meta.content.sizeInBytes),
        stream: Readable.fromWeb(response.body as WebReadableStream),
      };
    },

    async listFavorites(who, page) {
      const body = await remote.json(
        `/people/-me-/favorites?skipCount=${page.skipCount}&maxItems=${page.maxItems}`,
        as(who),
      );
      return paged(parse(listOf(remoteFavorite), body).list, favoriteOf);
    },

    async addFavorite(who, guid) {
      const meta = await node(who, guid);
      const kind = meta.nodeType === 'st:site' ? 'site' : meta.isFolder ? 'folder' : 'file';
      const body = await remote.json('/people/-me-/favorites', {
        ...as(who),
        method: 'POST',
        json: { target: { [kind]: { guid } } },
      });
      return favoriteOf(parse(entryOf(remoteFavorite), body).entry);
    },

    async removeFavorite(who, guid) {
      await remote.call(`/people/-me-/favorites/${id(guid)}`, { ...as(who), method: 'DELETE' });
    },

    async revokeSharedLink(who, linkId) {
      // Alfresco decides who may delete a shared link (its creator or a site manager).
      await remote.call(`/shared-links/${id(linkId)}`, { ...as(who), method: 'DELETE' });
    },

    async createSharedLink(who, guid, expiresAt) {
      if (expiresAt && expiresAt.getTime() <= Date.now())
        throw errors.validation([{ field: 'expiresAt', message: sv.documents.expiryInPast }]);
      const body = await remote.json('/shared-links', {
        ...as(who),
        method: 'POST',
        json: { nodeId: guid, ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}) },
      });
      const link = parse(entryOf(remoteLink), body).entry;
      return {
        id: link.id,
        nodeId: link.nodeId,
        name: link.name,
        expiresAt: link.expiresAt ?? null,
        ...(link.content ? { content: link.content } : {}),
        url: remote.publicUrl(`/shared-links/${id(link.id)}/content?attachment=true`),
      };
    },

    async createTicket(_who, credentials) {
      if (!credentials)
        throw errors.validation([{ field: 'password', message: sv.validation.required }]);
      let body: unknown;
      try {
        body = await remote.json('/tickets', {
          method: 'POST',
          base: 'auth',
          anonymous: true,
          json: { userId: credentials.userId, password: credentials.password },
        });
      } catch (error) {
        // Wrong credentials: said as such, not as a broken repository.
        if (error instanceof AppError && error.code === 'REMOTE_UNAUTHORIZED')
          throw new AppError(403, 'REPOSITORY_SIGN_IN_REFUSED', sv.documents.signInRefused);
        throw error;
      }
      return parse(entryOf(remoteTicket), body).entry;
    },
  };
}
