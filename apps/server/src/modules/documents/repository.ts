import { sv } from '@skolportalen/shared';
import { errors } from '../../http/errors';
import type { RouteDeps } from '../../http/route-deps';
import { alfrescoProvider } from './alfresco.provider';
import { builtinProvider } from './builtin.provider';
import type { DocumentContent, DocumentProvider } from './provider';
import { createDocumentStorage } from './storage';

export interface DocumentRepository {
  provider: DocumentProvider;
  /** The portal's own shared-link download; a remote repository serves its links itself. */
  sharedContent(linkId: string): Promise<DocumentContent>;
}

/** The configured document repository (DOCUMENTS_PROVIDER). */
export function createDocumentRepository({ db, config }: RouteDeps): DocumentRepository {
  const { provider, maxUploadBytes, alfresco } = config.documents;
  if (provider === 'alfresco' && alfresco) {
    return {
      provider: alfrescoProvider(alfresco, maxUploadBytes),
      sharedContent: async () => {
        throw errors.notFound(sv.documents.linkNotFound);
      },
    };
  }
  return builtinProvider({ db, storage: createDocumentStorage(config), maxUploadBytes });
}
