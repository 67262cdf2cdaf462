import {
  documentEntry,
  documentFavorite,
  documentFavoriteRequest,
  documentGuidParams,
  documentLinkParams,
  documentLinkRequest,
  documentList,
  documentListQuery,
  documentNode,
  documentSharedLink,
  documentSite,
  documentTicket,
  documentTicketRequest,
} from '../schemas/documents';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/**
 * The document repository's refusals for a person: its root is outside the
 * signed-in group (a shared link opens without a session), so each endpoint
 * names them.
 */
const personRefusals = [400, 401, 403, 404] as const;

/**
 * Document repository v1 (spec §7), the JSON endpoints; their routes are in
 * ./documents.ts. A document's content and a shared document are files, sent
 * by their route file alone.
 */
export const documentSchemas = endpointSchemas('documents', {
  sites: {
    summary: 'Dokumentytor som användaren får se',
    query: documentListQuery,
    response: documentList(documentSite),
    errors: personRefusals,
  },
  favorites: {
    summary: 'Mina dokument: favoriter',
    query: documentListQuery,
    response: documentList(documentFavorite),
    errors: personRefusals,
  },
  addFavorite: {
    summary: 'Lägg till en favorit (webbplats, mapp eller dokument)',
    body: documentFavoriteRequest,
    response: documentEntry(documentFavorite),
    status: 201,
    errors: personRefusals,
  },
  removeFavorite: {
    summary: 'Ta bort en favorit',
    params: documentGuidParams,
    response: z.null(),
    status: 204,
    errors: personRefusals,
  },
  node: {
    summary: 'En mapps innehåll eller ett dokuments uppgifter',
    params: documentGuidParams,
    query: documentListQuery,
    response: z.union([documentList(documentNode), documentEntry(documentNode)]),
    errors: personRefusals,
  },
  // A folder (JSON) or a document (multipart): the route reads either body itself.
  create: {
    summary: 'Skapa en mapp (JSON) eller ladda upp ett dokument (multipart, fältet filedata)',
    params: documentGuidParams,
    response: documentEntry(documentNode),
    status: 201,
    errors: [...personRefusals, 409, 413, 415, 422, 503],
  },
  createLink: {
    summary: 'Skapa en delad länk till ett dokument',
    body: documentLinkRequest,
    response: documentEntry(documentSharedLink),
    status: 201,
    errors: personRefusals,
  },
  revokeLink: {
    summary: 'Återkalla en delad länk (den som skapade den, eller en administratör)',
    params: documentLinkParams,
    response: z.null(),
    status: 204,
    errors: personRefusals,
  },
  ticket: {
    summary: 'En nyckel (ticket) till dokumentarkivet för användaren',
    body: documentTicketRequest,
    response: documentEntry(documentTicket),
    status: 201,
    // The remote repository did not answer, or not in time.
    errors: [...personRefusals, 502, 504],
  },
});
