import { idParams, okBody } from '../schemas/common';
import {
  groupMembersResponse,
  nodeCreateRequest,
  nodeListQuery,
  nodeListResponse,
  nodeResponse,
  nodeUpdateRequest,
} from '../schemas/node';
import { endpointSchemas } from './endpoint';

/** The municipality's root, a move that makes a loop, a taken external id, a group still in use. */
const conflict = [409] as const;

/** The groups tree: schools, classes, teaching groups (spec §7 "node"); the routes are in ./nodes.ts. */
export const nodeSchemas = endpointSchemas('node', {
  list: {
    summary: 'Grupper, filtrerade och sorterade; med tree=true som träd (children)',
    query: nodeListQuery,
    response: nodeListResponse,
  },
  create: {
    summary: 'Skapa en grupp',
    body: nodeCreateRequest,
    response: nodeResponse,
    errors: conflict,
  },
  update: {
    summary: 'Byt namn, typ eller plats i trädet',
    params: idParams,
    body: nodeUpdateRequest,
    response: nodeResponse,
    errors: conflict,
  },
  members: {
    summary:
      'En grupps medlemmar (klasslistan), för gruppens lärare, rektor och administratörer; skyddade medlemmar som "Skyddad identitet"',
    params: idParams,
    response: groupMembersResponse,
    errors: [403, 404],
  },
  remove: {
    summary: 'Ta bort en grupp som inget hänger på',
    params: idParams,
    response: okBody,
    errors: conflict,
  },
});
