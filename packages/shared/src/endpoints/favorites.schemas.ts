import { idParams, okBody } from '../schemas/common';
import {
  favoriteInput,
  favoriteListQuery,
  favoriteResponse,
  favoriteUpdate,
} from '../schemas/favorite';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** A user's own bookmarks, the header's favourites; their routes are in ./favorites.ts. */
export const favoriteSchemas = endpointSchemas('favorite', {
  list: {
    summary: 'Mina favoriter (sort DESC, updated DESC)',
    query: favoriteListQuery,
    response: z.array(favoriteResponse),
  },
  create: {
    summary: 'Lägg till en favorit',
    body: favoriteInput,
    response: favoriteResponse,
    status: 201,
  },
  get: { summary: 'En av mina favoriter', params: idParams, response: favoriteResponse },
  update: {
    summary: 'Byt namn, adress eller plats på en favorit',
    params: idParams,
    body: favoriteUpdate,
    response: favoriteResponse,
  },
  remove: { summary: 'Ta bort en favorit', params: idParams, response: okBody },
});
