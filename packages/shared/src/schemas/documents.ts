import { sv } from '../texts/sv';
import { z } from './zod-sv';

/**
 * Document repository v1: envelopes and entries follow the Alfresco Content Services
 * public REST API v1 (`{ list: { pagination, entries: [{ entry }] } }`, `{ entry }`).
 */

export const documentGuid = z.string().trim().uuid(sv.documents.invalidGuid);
export const documentGuidParams = z.strictObject({ id: documentGuid });
/** A shared link's own id (not the document's guid), in its address. */
export const documentLinkParams = z.strictObject({
  linkId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, sv.documents.linkNotFound),
});

export const documentListQuery = z.strictObject({
  skipCount: z.coerce.number<unknown>().int().min(0).max(1_000_000).default(0),
  maxItems: z.coerce.number<unknown>().int().min(1).max(1000).default(100),
});
export type DocumentListQuery = z.infer<typeof documentListQuery>;

export const documentPagination = z.object({
  count: z.number(),
  hasMoreItems: z.boolean(),
  totalItems: z.number(),
  skipCount: z.number(),
  maxItems: z.number(),
});
export type DocumentPagination = z.infer<typeof documentPagination>;

export const documentUserInfo = z.object({ id: z.string(), displayName: z.string() });

export const documentSite = z.object({
  id: z.string(),
  /** The site's document library: browse it with GET /node/{guid}. */
  guid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(['PUBLIC', 'PRIVATE', 'MODERATED']),
  role: z.enum(['SiteConsumer', 'SiteCollaborator', 'SiteManager']).optional(),
  isFavorite: z.boolean().optional(),
});
export type DocumentSite = z.infer<typeof documentSite>;

export const documentPathElement = z.object({ id: z.string(), name: z.string() });

export const documentNode = z.object({
  id: z.string(),
  name: z.string(),
  nodeType: z.string(),
  isFolder: z.boolean(),
  isFile: z.boolean(),
  parentId: z.string().nullable(),
  createdAt: z.string(),
  modifiedAt: z.string(),
  createdByUser: documentUserInfo,
  modifiedByUser: documentUserInfo,
  content: z
    .object({ mimeType: z.string(), mimeTypeName: z.string().optional(), sizeInBytes: z.number() })
    .optional(),
  /** `create` on a folder: upload and new folders are allowed. */
  allowableOperations: z.array(z.enum(['create', 'update', 'delete'])),
  isFavorite: z.boolean(),
  path: z.object({ elements: z.array(documentPathElement) }).optional(),
});
export type DocumentNode = z.infer<typeof documentNode>;

export const documentFavorite = z.object({
  targetGuid: z.string(),
  createdAt: z.string(),
  target: z.union([
    z.object({ file: documentNode }),
    z.object({ folder: documentNode }),
    z.object({ site: documentSite }),
  ]),
});
export type DocumentFavorite = z.infer<typeof documentFavorite>;

export const documentSharedLink = z.object({
  id: z.string(),
  nodeId: z.string(),
  name: z.string(),
  expiresAt: z.string().nullable(),
  content: z.object({ mimeType: z.string(), sizeInBytes: z.number() }).optional(),
  /** Where anyone with the link downloads the document; the one to put in a post. */
  url: z.string(),
});
export type DocumentSharedLink = z.infer<typeof documentSharedLink>;

export const documentTicket = z.object({ id: z.string(), userId: z.string() });
export type DocumentTicket = z.infer<typeof documentTicket>;

export function documentList<T extends z.ZodType>(entry: T) {
  return z.object({
    list: z.object({
      pagination: documentPagination,
      entries: z.array(z.object({ entry })),
      /** The folder listed (with its path, for breadcrumbs). */
      source: documentNode.optional(),
    }),
  });
}
export function documentEntry<T extends z.ZodType>(entry: T) {
  return z.object({ entry });
}

export const documentFavoriteRequest = z.strictObject({ guid: documentGuid });
export const documentLinkRequest = z.strictObject({
  guid: documentGuid,
  expiresAt: z.iso
    .datetime({ offset: true })
    .nullish()
    .transform((value) => value ?? null),
});
export const documentFolderRequest = z.strictObject({
  nodeType: z.literal('cm:folder'),
  name: z.string().max(255),
});

/** POST /token: the person's own repository credentials (Alfresco); the built-in store has no ticket. */
export const documentTicketRequest = z
  .strictObject({
    userId: z.string().trim().min(1).max(255),
    password: z.string().min(1).max(1000),
  })
  .nullish();
