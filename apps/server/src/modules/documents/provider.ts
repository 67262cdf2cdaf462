import type { Readable } from 'node:stream';
import type {
  DocumentFavorite,
  DocumentListQuery,
  DocumentNode,
  DocumentPagination,
  DocumentSharedLink,
  DocumentSite,
} from '@skolportalen/shared';
import type { AuthUser } from '../../identity/auth-user.repo';
import type { Audience } from '../audience/audience.repo';

/** The signed-in person a provider acts for. */
export interface DocumentUser {
  user: AuthUser;
  /** A repository ticket the person got through POST /token (remote providers). */
  ticket: string | null;
  /** For the audit log: the person really acting (administrator or guardian behind the token), and the request. */
  maskedBy: number | null;
  requestId: string;
  /** The person's audience as their session knows it, to spare reading it again. */
  audience?: () => Promise<Audience>;
}

export interface Paged<T> {
  pagination: DocumentPagination;
  entries: T[];
}

export type NodeView =
  | { kind: 'folder'; source: DocumentNode; children: Paged<DocumentNode> }
  | { kind: 'document'; entry: DocumentNode };

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

export interface DocumentContent {
  name: string;
  mimeType: string;
  size: number;
  stream: Readable;
}

/**
 * A document repository behind `/api/document-repository/v1`: the built-in store or a
 * remote Alfresco server. A node the person may not see is reported as not found.
 */
export interface DocumentProvider {
  listSites(who: DocumentUser, page: DocumentListQuery): Promise<Paged<DocumentSite>>;
  getNode(who: DocumentUser, guid: string, page: DocumentListQuery): Promise<NodeView>;
  createFolder(who: DocumentUser, parentGuid: string, name: string): Promise<DocumentNode>;
  upload(who: DocumentUser, parentGuid: string, file: UploadedFile): Promise<DocumentNode>;
  readContent(who: DocumentUser, guid: string): Promise<DocumentContent>;
  listFavorites(who: DocumentUser, page: DocumentListQuery): Promise<Paged<DocumentFavorite>>;
  addFavorite(who: DocumentUser, guid: string): Promise<DocumentFavorite>;
  removeFavorite(who: DocumentUser, guid: string): Promise<void>;
  createSharedLink(
    who: DocumentUser,
    guid: string,
    expiresAt: Date | null,
  ): Promise<DocumentSharedLink>;
  /** Ends a shared link: its maker or an administrator. */
  revokeSharedLink(who: DocumentUser, linkId: string): Promise<void>;
  /** A remote repository ticket for the person, from their own repository credentials. */
  createTicket(
    who: DocumentUser,
    credentials: { userId: string; password: string } | null,
  ): Promise<{ id: string; userId: string }>;
}

export function pagination(
  page: DocumentListQuery,
  count: number,
  totalItems: number,
): DocumentPagination {
  return {
    count,
    hasMoreItems: page.skipCount + count < totalItems,
    totalItems,
    skipCount: page.skipCount,
    maxItems: page.maxItems,
  };
}
