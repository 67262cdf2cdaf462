import { searchQuery, searchResult } from '../schemas/search';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** Search (spec §7 "search"); its route is in ./search.ts. */
export const searchSchemas = endpointSchemas('search', {
  search: {
    summary: 'Sök bland nyheter, sidor och verktyg som riktar sig till den inloggade användaren',
    query: searchQuery,
    response: z.array(searchResult),
  },
});
