import { sessionResponse } from '../schemas/auth';
import {
  createTokenRequest,
  createTokenResponse,
  tokenListItem,
  tokenListQuery,
} from '../schemas/token';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** A token is named by its uuid. */
const tokenParams = z.strictObject({ id: z.uuid() });

/**
 * Sign-ins (spec §7 "token"): the list, issuing a masked or an API token and
 * revoking one; a 409 when the session or the user's state does not allow
 * it. The routes are in ./tokens.ts.
 */
export const tokenSchemas = endpointSchemas('token', {
  list: {
    summary: 'Inloggningar, filtrerade på användare, typ och status',
    query: tokenListQuery,
    response: z.array(tokenListItem),
  },
  issue: {
    summary:
      'Utfärda en inloggning: masked låter en administratör agera som en användare, api ger en integration en nyckel (visas en gång)',
    body: createTokenRequest,
    response: createTokenResponse,
    errors: [409],
  },
  revoke: {
    summary:
      'Ta bort en inloggning: ur den egna sessionen (t.ex. vid unmask), eller återkalla någon annans (administratör)',
    params: tokenParams,
    response: sessionResponse,
    errors: [409],
  },
});
