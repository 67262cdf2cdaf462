import { idParams, okBody } from '../schemas/common';
import {
  categoryCreateRequest,
  categoryListQuery,
  categoryNodeParams,
  categoryResponse,
} from '../schemas/category';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/**
 * A key already taken, a built-in category, a role's or one still in use.
 * Linking and unlinking a group list it too, as the document always has.
 */
const conflict = [409] as const;

/** Categories and the groups they link to (spec §7 "category"); the routes are in ./categories.ts. */
export const categorySchemas = endpointSchemas('category', {
  list: {
    summary: 'Kategorier med kopplade grupper',
    query: categoryListQuery,
    response: z.array(categoryResponse),
  },
  create: {
    summary: 'Skapa en kategori',
    body: categoryCreateRequest,
    response: categoryResponse,
    errors: conflict,
  },
  get: {
    summary: 'En kategori med kopplade grupper',
    params: idParams,
    response: categoryResponse,
  },
  remove: {
    summary: 'Ta bort en kategori',
    params: idParams,
    response: okBody,
    errors: conflict,
  },
  linkNode: {
    summary: 'Koppla en grupp till kategorin',
    params: categoryNodeParams,
    response: categoryResponse,
    errors: conflict,
  },
  unlinkNode: {
    summary: 'Ta bort en grupp från kategorin',
    params: categoryNodeParams,
    response: categoryResponse,
    errors: conflict,
  },
});
