import { endOwnSignInsResponse, ownSignInList } from '../schemas/own-sign-ins';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/**
 * The person's own sign-ins in every browser (ASVS 7.5.2); a 409 when the
 * sign-in to end is this browser's own. The routes are in ./own-sign-ins.ts.
 */
export const ownSignInSchemas = endpointSchemas('user', {
  list: {
    summary: 'Mina inloggningar i alla webbläsare',
    response: ownSignInList,
  },
  end: {
    summary: 'Logga ut en av mina inloggningar i en annan webbläsare',
    params: z.strictObject({ id: z.uuid() }),
    response: endOwnSignInsResponse,
    errors: [409],
  },
  endOthers: {
    summary: 'Logga ut alla mina inloggningar utom den här webbläsarens',
    response: endOwnSignInsResponse,
  },
});
