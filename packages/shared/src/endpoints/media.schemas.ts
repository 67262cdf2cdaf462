import { idParams, okBody } from '../schemas/common';
import { mediaListQuery, mediaResponse, mediaUpdateRequest } from '../schemas/media';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/**
 * The media library's JSON endpoints (spec §7 "media"); their routes are in
 * ./media.ts. The upload (multipart) is registered by its route file alone.
 */
export const mediaSchemas = endpointSchemas('media', {
  list: {
    summary: 'Mediabiblioteket, filtrerat på kategori, filtyp och titel',
    query: mediaListQuery,
    response: z.array(mediaResponse),
  },
  get: {
    summary: 'Ett media',
    params: idParams,
    response: mediaResponse,
  },
  update: {
    summary: 'Ändra titel och beskrivning (alternativtext)',
    params: idParams,
    body: mediaUpdateRequest,
    response: mediaResponse,
  },
  remove: {
    summary: 'Ta bort ett media som inget använder',
    params: idParams,
    response: okBody,
    errors: [409],
  },
});
