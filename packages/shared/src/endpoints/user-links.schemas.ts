import { idParams } from '../schemas/common';
import { linkResponse, linkSortRequest, userLinkParams, userLinksQuery } from '../schemas/link';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** Every answer is the list as it now stands. */
const list = z.array(linkResponse);

/** A user's own tool list: optional tools added, and the grid's order; routes in ./user-links.ts. */
export const userLinkSchemas = endpointSchemas('user', {
  mine: { summary: 'Mina verktyg i min ordning', query: userLinksQuery, response: list },
  addMine: {
    summary: 'Lägg till ett valfritt verktyg i min lista',
    params: idParams,
    response: list,
  },
  removeMine: {
    summary: 'Ta bort ett valfritt verktyg ur min lista',
    params: idParams,
    response: list,
    errors: [409],
  },
  ofUser: {
    summary: 'En användares verktyg (egna, eller med user_list)',
    params: idParams,
    query: userLinksQuery,
    response: list,
  },
  addToUser: {
    summary: 'Lägg till ett verktyg i en användares lista',
    params: userLinkParams,
    response: list,
  },
  removeFromUser: {
    summary: 'Ta bort ett verktyg ur en användares lista',
    params: userLinkParams,
    response: list,
    errors: [409],
  },
  sort: {
    summary: 'Sortera en användares verktyg',
    params: idParams,
    body: linkSortRequest,
    response: list,
  },
});
