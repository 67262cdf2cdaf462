import { auditEntryResponse, auditListQuery } from '../schemas/audit';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** The audit log of administration changes; the route is in ./audit.ts. */
export const auditSchemas = endpointSchemas('audit', {
  list: {
    summary: 'Ändringsloggen: vem ändrade vad, när, före och efter',
    query: auditListQuery,
    response: z.array(auditEntryResponse),
  },
});
