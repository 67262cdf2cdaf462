import { loginResponse } from '../schemas/auth';
import { idParams } from '../schemas/common';
import { relatedAccount } from '../schemas/user';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** The person's other accounts and children, and the role switch; the routes are in ./related.ts. */
export const relatedSchemas = endpointSchemas('user', {
  list: {
    summary: 'Relaterade konton (egna konton och barn)',
    response: z.array(relatedAccount),
  },
  switchTo: {
    summary: 'Byt till ett relaterat konto (rollbyte)',
    params: idParams,
    response: loginResponse,
  },
});
