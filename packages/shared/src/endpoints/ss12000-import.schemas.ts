import { idParams } from '../schemas/common';
import {
  importRunListQuery,
  importRunResponse,
  importSourceResponse,
  importStartQuery,
} from '../schemas/ss12000-import';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/**
 * Importing the school organisation (beyond the spec); the routes are in
 * ./ss12000-import.ts. Every one of them may answer 409 (a run is already
 * going, or the school-data API is not set up).
 */
export const importSchemas = endpointSchemas('import', {
  source: {
    summary: 'Varifrån importen kan läsa: fil, och skolregistrets API om det är inställt',
    response: importSourceResponse,
    errors: [409],
  },
  runs: {
    summary: 'Importens körningar, nyaste först',
    query: importRunListQuery,
    response: z.array(importRunResponse),
    errors: [409],
  },
  run: {
    summary: 'En körning med förlopp och rapport',
    params: idParams,
    response: importRunResponse,
    errors: [409],
  },
  // The file is the body, as the person picked it: the route checks it itself
  // (its nesting, then the SS 12000 schema), so no body schema is declared.
  startFile: {
    summary:
      'Importera en SS 12000-fil (JSON med organisations, groups, persons, duties); körs i bakgrunden',
    query: importStartQuery,
    response: importRunResponse,
    status: 202,
    errors: [409, 413],
  },
  startApi: {
    summary: 'Hämta från skolregistrets SS 12000-API och importera; körs i bakgrunden',
    query: importStartQuery,
    response: importRunResponse,
    status: 202,
    errors: [409],
  },
});
