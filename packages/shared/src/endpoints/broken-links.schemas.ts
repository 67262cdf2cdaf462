import { brokenLinkList, myBrokenLinksQuery, schoolBrokenLinksQuery } from '../schemas/broken-link';
import { endpointSchemas } from './endpoint';

/** Broken links in published posts (issue 29); the routes are in ./broken-links.ts. */
export const brokenLinkSchemas = endpointSchemas('post', {
  mine: {
    summary:
      'Trasiga länkar i de publicerade inlägg jag äger, som nattens kontroll fann dem (x-pagination-total)',
    query: myBrokenLinksQuery,
    response: brokenLinkList,
  },
  school: {
    summary:
      'Trasiga länkar per ägare i inlägg till en skola: administratörer alla skolor, rektorer sina (x-pagination-total)',
    query: schoolBrokenLinksQuery,
    response: brokenLinkList,
  },
});
