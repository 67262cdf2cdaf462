import { idParams } from '../schemas/common';
import { capabilityValue } from '../schemas/role';
import { currentUserResponse, userListItem, userListQuery } from '../schemas/user';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** The signed-in user, the user search and a user's rights (spec §7 "user"); the routes are in ./users.ts. */
export const userSchemas = endpointSchemas('user', {
  current: {
    summary: 'Den inloggade användaren',
    response: currentUserResponse,
  },
  list: {
    summary: 'Sök användare (namn, användarnamn, e-post; roll; grupp)',
    query: userListQuery,
    response: z.array(userListItem),
  },
  capabilities: {
    summary: 'En användares rättigheter (beviljade och nekade)',
    params: idParams,
    response: z.array(capabilityValue),
  },
});
