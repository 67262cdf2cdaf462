import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { format, sv, type DocumentNode } from '@skolportalen/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  documentFavorites,
  documentNodes,
  documentSharedLinks,
  documentVersions,
} from '../../db/schema';
import { authorize } from '../../identity/authorize';
import { identityScopeOf } from '../../identity/protected-identity';
import { AppError, errors } from '../../http/errors';
import { loadAudience } from '../audience/audience.repo';
import { recordAudit } from '../audit/audit.repo';
import {
  accessibleSites,
  currentVersion,
  findNodes,
  findSharedLink,
  listChildren,
  listFavorites,
  listSites,
  nameTaken,
  pathOf,
  type NodeReader,
  type NodeRow,
} from './builtin.repo';
import { documentsPolicy } from './documents.policy';
import { cleanName, detectType } from './file-rules';
import { pagination, type DocumentProvider, type DocumentUser } from './provider';
import type { DocumentStorage } from './storage';

export interface BuiltinOptions {
  db: Database;
  storage: DocumentStorage;
  maxUploadBytes: number;
}

export const sharedLinkPath = (id: string) => `/api/document-repository/v1/shared/${id}`;

const userInfo = (username: string | null, name: string) => ({
  id: username ?? '',
  displayName: name,
});

function toEntry(row: NodeRow, canWrite: boolean): DocumentNode {
  const folder = row.kind === 'folder';
  return {
    id: row.guid,
    name: row.name,
    nodeType: folder ? 'cm:folder' : 'cm:content',
    isFolder: folder,
    isFile: !folder,
    parentId: row.parentGuid,
    createdAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
    createdByUser: userInfo(row.creatorUsername, row.creatorName),
    modifiedByUser: userInfo(row.modifierUsername, row.modifierName),
    ...(row.mimeType !== null && row.size !== null
      ? { content: { mimeType: row.mimeType, sizeInBytes: Number(row.size) } }
      : {}),
    allowableOperations: canWrite ? (folder ? ['create', 'update'] : ['update']) : [],
    isFavorite: Boolean(row.isFavorite),
  };
}

const megabytes = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toLocaleString('sv-SE', { maximumFractionDigits: 1 })} MB`;

/** The embedded repository: the portal's database and file storage. */
export function builtinProvider({ db, storage, maxUploadBytes }: BuiltinOptions) {
  async function sitesOf(who: DocumentUser) {
    const audience = who.audience ? await who.audience() : await loadAudience(db, who.user.id);
    return accessibleSites(db, audience, who.user.isAdmin);
  }

  /** The reader of a listing: their favourites, and whom of its people they may see. */
  async function readerOf(who: DocumentUser): Promise<NodeReader> {
    return { userId: who.user.id, scope: await identityScopeOf(db, who.user) };
  }

  /** The node when the person may see it; otherwise 404, whether it exists or not. */
  async function visibleNode(who: DocumentUser, guid: string) {
    const sites = await sitesOf(who);
    const [row] = await findNodes(db, [guid], [...sites.keys()], await readerOf(who));
    if (!row) throw errors.notFound(sv.documents.notFound);
    return { row, canWrite: sites.get(row.siteId) === true };
  }

  async function writableFolder(who: DocumentUser, guid: string) {
    const { row, canWrite } = await visibleNode(who, guid);
    if (row.kind !== 'folder') throw errors.badRequest('NOT_A_FOLDER', sv.documents.notAFolder);
    authorize(who.user, documentsPolicy.writeInSite, { writable: canWrite });
    return row;
  }

  function validName(raw: string) {
    const name = cleanName(raw);
    if (!name) throw errors.validation([{ field: 'name', message: sv.documents.invalidName }]);
    return name;
  }

  async function entryOf(who: DocumentUser, guid: string, canWrite: boolean) {
    const sites = await sitesOf(who);
    const [row] = await findNodes(db, [guid], [...sites.keys()], await readerOf(who));
    if (!row) throw errors.notFound(sv.documents.notFound);
    return { ...toEntry(row, canWrite), path: { elements: await pathOf(db, row.id) } };
  }

  const audit = (who: DocumentUser, action: string, entityId: string, after: unknown) => ({
    actorUserId: who.user.id,
    realUserId: who.maskedBy,
    action,
    entityType: 'document_node',
    entityId,
    after,
    requestId: who.requestId,
  });

  const provider: DocumentProvider = {
    async listSites(who, page) {
      const sites = await sitesOf(who);
      const { rows, total } = await listSites(db, [...sites.keys()], who.user.id, page);
      return {
        pagination: pagination(page, rows.length, total),
        entries: rows.map((row) => ({
          id: row.key,
          guid: row.guid,
          title: row.title,
          description: row.description,
          visibility: 'PRIVATE' as const,
          role: sites.get(row.id) ? ('SiteCollaborator' as const) : ('SiteConsumer' as const),
          isFavorite: Boolean(row.isFavorite),
        })),
      };
    },

    async getNode(who, guid, page) {
      const { row, canWrite } = await visibleNode(who, guid);
      const source = { ...toEntry(row, canWrite), path: { elements: await pathOf(db, row.id) } };
      if (row.kind === 'document') return { kind: 'document', entry: source };
      const { rows, total } = await listChildren(db, row.id, await readerOf(who), page);
      return {
        kind: 'folder',
        source,
        children: {
          pagination: pagination(page, rows.length, total),
          entries: rows.map((child) => toEntry(child, canWrite)),
        },
      };
    },

    async createFolder(who, parentGuid, rawName) {
      const name = validName(rawName);
      const parent = await writableFolder(who, parentGuid);
      const guid = randomUUID();
      await db.transaction(async (tx) => {
        if (await nameTaken(tx, parent.id, name)) throw errors.conflict(sv.documents.nameTaken);
        await tx.insert(documentNodes).values({
          guid,
          siteId: parent.siteId,
          parentId: parent.id,
          kind: 'folder',
          name,
          createdBy: who.user.id,
          modifiedBy: who.user.id,
        });
        await recordAudit(tx, audit(who, 'document.folder.create', guid, { name, parentGuid }));
      });
      return entryOf(who, guid, true);
    },

    async upload(who, parentGuid, file) {
      const name = validName(file.name);
      if (file.bytes.length === 0)
        throw errors.validation([{ field: 'filedata', message: sv.documents.fileEmpty }]);
      if (file.bytes.length > maxUploadBytes) throw tooLarge(maxUploadBytes);
      const type = detectType(file.bytes, name);
      if (!type) throw new AppError(415, 'FILE_TYPE_REFUSED', sv.documents.fileTypeRefused);
      const parent = await writableFolder(who, parentGuid);
      // The file is complete on disk before the rows that point at it; if the rows
      // cannot be written the file goes again, so nothing is left half-done.
      const storageKey = await storage.put(file.bytes);
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      try {
        const guid = await db.transaction(async (tx) => {
          // The same name again in the folder is a new version of that document.
          const [existing] = await tx
            .select()
            .from(documentNodes)
            .where(
              and(
                eq(documentNodes.parentId, parent.id),
                eq(documentNodes.kind, 'document'),
                sql`lower(${documentNodes.name}) = lower(${name})`,
              ),
            )
            .for('update');
          if (!existing && (await nameTaken(tx, parent.id, name)))
            throw errors.conflict(sv.documents.nameTaken);
          const now = new Date();
          let nodeId: number;
          let nodeGuid: string;
          let label = '1.0';
          if (existing) {
            const previous = await currentVersion(tx, existing.id);
            const [major, minor] = (previous?.label ?? '1.0').split('.').map(Number);
            label = previous ? `${major}.${(minor ?? 0) + 1}` : '1.0';
            await tx
              .update(documentNodes)
              .set({
                mimeType: type.mimeType,
                size: file.bytes.length,
                modifiedBy: who.user.id,
                modifiedAt: now,
              })
              .where(eq(documentNodes.id, existing.id));
            nodeId = existing.id;
            nodeGuid = existing.guid;
          } else {
            nodeGuid = randomUUID();
            const [inserted] = await tx
              .insert(documentNodes)
              .values({
                guid: nodeGuid,
                siteId: parent.siteId,
                parentId: parent.id,
                kind: 'document',
                name,
                mimeType: type.mimeType,
                size: file.bytes.length,
                createdBy: who.user.id,
                modifiedBy: who.user.id,
              })
              .returning({ id: documentNodes.id });
            nodeId = inserted!.id;
          }
          await tx.insert(documentVersions).values({
            nodeId,
            label,
            storageKey,
            mimeType: type.mimeType,
            size: file.bytes.length,
            sha256,
            createdBy: who.user.id,
          });
          await recordAudit(
            tx,
            audit(who, 'document.upload', nodeGuid, { name, label, size: file.bytes.length }),
          );
          return nodeGuid;
        });
        return await entryOf(who, guid, true);
      } catch (error) {
        await storage.remove(storageKey).catch(() => undefined);
        throw error;
      }
    },

    async readContent(who, guid) {
      const { row } = await visibleNode(who, guid);
      if (row.kind !== 'document')
        throw errors.badRequest('NOT_A_DOCUMENT', sv.documents.notADocument);
      return contentOf(row.id, row.name);
    },

    async listFavorites(who, page) {
      const sites = await sitesOf(who);
      const siteIds = [...sites.keys()];
      const { rows, total } = await listFavorites(db, who.user.id, siteIds, page);
      const nodes = rows.length
        ? await findNodes(
            db,
            rows.map((row) => row.guid),
            siteIds,
            await readerOf(who),
          )
        : [];
      const byGuid = new Map(nodes.map((node) => [node.guid, node]));
      return {
        pagination: pagination(page, rows.length, total),
        entries: rows.flatMap((row) => {
          const node = byGuid.get(row.guid);
          if (!node) return [];
          const entry = toEntry(node, sites.get(node.siteId) === true);
          return [
            {
              targetGuid: row.guid,
              createdAt: row.createdAt.toISOString(),
              target: node.kind === 'folder' ? { folder: entry } : { file: entry },
            },
          ];
        }),
      };
    },

    async addFavorite(who, guid) {
      const { row, canWrite } = await visibleNode(who, guid);
      const [saved] = await db
        .insert(documentFavorites)
        .values({ userId: who.user.id, nodeId: row.id })
        .onConflictDoNothing()
        .returning({ createdAt: documentFavorites.createdAt });
      const entry = { ...toEntry(row, canWrite), isFavorite: true };
      return {
        targetGuid: guid,
        createdAt: (saved?.createdAt ?? new Date()).toISOString(),
        target: row.kind === 'folder' ? { folder: entry } : { file: entry },
      };
    },

    async removeFavorite(who, guid) {
      const { row } = await visibleNode(who, guid);
      const removed = await db
        .delete(documentFavorites)
        .where(and(eq(documentFavorites.userId, who.user.id), eq(documentFavorites.nodeId, row.id)))
        .returning({ nodeId: documentFavorites.nodeId });
      if (removed.length === 0) throw errors.notFound(sv.documents.notFound);
    },

    async createSharedLink(who, guid, expiresAt) {
      const { row } = await visibleNode(who, guid);
      if (row.kind !== 'document')
        throw errors.badRequest('NOT_A_DOCUMENT', sv.documents.notADocument);
      if (expiresAt && expiresAt.getTime() <= Date.now())
        throw errors.validation([{ field: 'expiresAt', message: sv.documents.expiryInPast }]);
      const id = randomBytes(18).toString('base64url');
      await db.transaction(async (tx) => {
        await tx
          .insert(documentSharedLinks)
          .values({ id, nodeId: row.id, createdBy: who.user.id, expiresAt });
        await recordAudit(tx, audit(who, 'document.link.create', guid, { expiresAt }));
      });
      return {
        id,
        nodeId: guid,
        name: row.name,
        expiresAt: expiresAt?.toISOString() ?? null,
        ...(row.mimeType !== null && row.size !== null
          ? { content: { mimeType: row.mimeType, sizeInBytes: Number(row.size) } }
          : {}),
        url: sharedLinkPath(id),
      };
    },

    async revokeSharedLink(who, linkId) {
      const [link] = await db
        .select({ createdBy: documentSharedLinks.createdBy, guid: documentNodes.guid })
        .from(documentSharedLinks)
        .innerJoin(documentNodes, eq(documentNodes.id, documentSharedLinks.nodeId))
        .where(eq(documentSharedLinks.id, linkId));
      if (!link) throw errors.notFound(sv.documents.linkNotFound);
      authorize(who.user, documentsPolicy.revokeLink, link);
      await db.transaction(async (tx) => {
        await tx.delete(documentSharedLinks).where(eq(documentSharedLinks.id, linkId));
        await recordAudit(tx, audit(who, 'document.link.revoke', link.guid, {}));
      });
    },

    /** The portal session is the built-in store's only key; there is no separate ticket. */
    async createTicket() {
      throw errors.badRequest('TOKEN_UNAVAILABLE', sv.documents.tokenUnavailable);
    },
  };

  async function contentOf(nodeId: number, name: string) {
    const version = await currentVersion(db, nodeId);
    if (!version) throw errors.notFound(sv.documents.notFound);
    return {
      name,
      mimeType: version.mimeType,
      size: Number(version.size),
      stream: await storage.read(version.storageKey),
    };
  }

  return {
    provider,
    /** The document behind a shared link, for anyone holding it, until it expires. */
    async sharedContent(linkId: string) {
      const link = await findSharedLink(db, linkId);
      if (!link || (link.expiresAt && link.expiresAt.getTime() <= Date.now()))
        throw errors.notFound(sv.documents.linkNotFound);
      return contentOf(link.nodeId, link.name);
    },
  };
}

export function tooLarge(max: number) {
  return new AppError(
    413,
    'FILE_TOO_LARGE',
    format(sv.documents.fileTooLarge, { max: megabytes(max) }),
  );
}
