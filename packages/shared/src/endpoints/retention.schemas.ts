import { idParams } from '../schemas/common';
import { fileAnswer } from '../schemas/file-answer';
import {
  postExportQuery,
  retentionRule,
  retentionRuleInput,
  retentionRuleList,
} from '../schemas/retention';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/**
 * Retention rules and the export to the e-archive (issue 28, decision 0043),
 * for administrators with manage_retention; the routes are in ./retention.ts.
 */
export const retentionSchemas = endpointSchemas('retention', {
  list: {
    summary: 'Gallringsreglerna, och hur många inlägg nästa körning skulle ta bort per regel',
    response: retentionRuleList,
  },
  create: {
    summary:
      'Ny gallringsregel för en innehållstyp, med beslutet den vilar på (409 om typen har en)',
    body: retentionRuleInput,
    response: retentionRule,
    status: 201,
    errors: [409],
  },
  update: {
    summary: 'Ändra en gallringsregel (409 om typen redan har en annan)',
    params: idParams,
    body: retentionRuleInput,
    response: retentionRule,
    errors: [409],
  },
  remove: {
    summary: 'Ta bort en gallringsregel: typen sparas då för alltid',
    params: idParams,
    response: z.null(),
    status: 204,
  },
  export: {
    summary:
      'Alla inlägg, även borttagna, med alla versioner som JSON och HTML i en ZIP-fil för e-arkivet',
    query: postExportQuery,
    response: fileAnswer('application/zip'),
  },
});
