import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { machineTranslationSchemas, translationSchemas } from './translations.schemas';

/** `/api/core/v1`: content in the reader's language (issue 27). */
export const translationEndpoints = declareEndpoints<typeof translationSchemas>()(apiRoots.core, {
  languages: 'GET /translation/languages',
  list: 'GET /post/:id/translation',
  get: 'GET /post/:id/translation/:lang',
  save: 'PUT /post/:id/translation/:lang',
  remove: 'DELETE /post/:id/translation/:lang',
  audienceLanguages: 'GET /post/:id/audience-languages',
});

/** `/api/core/v1`: translations the provider makes, for an editor or on a reader's request. */
export const machineTranslationEndpoints = declareEndpoints<typeof machineTranslationSchemas>()(
  apiRoots.core,
  {
    machine: 'POST /post/:id/translation/:lang/machine',
    request: 'POST /post/:id/translation/:lang/request',
  },
);
