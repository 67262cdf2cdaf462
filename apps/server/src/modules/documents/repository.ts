import type { RouteDeps } from '../../http/route-deps';
import { builtinProvider } from './builtin.provider';
import { fileStorage } from './storage';

/** The configured document repository (DOCUMENTS_PROVIDER). */
export function createDocumentRepository({ db, config }: RouteDeps) {
  const { storageDir, maxUploadBytes } = config.documents;
  return builtinProvider({ db, storage: fileStorage(storageDir), maxUploadBytes });
}
