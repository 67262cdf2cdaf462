import { postResponse } from '../schemas/post';
import {
  asPublishedQuery,
  postArchiveQuery,
  postArchiveResponse,
  versionListParams,
  versionListQuery,
  versionListResponse,
  versionParams,
  versionResponse,
} from '../schemas/version';
import { endpointSchemas } from './endpoint';

/**
 * A post's versions (issue 28), for whoever may edit the post and
 * administrators; the routes are in ./versions.ts.
 */
export const versionSchemas = endpointSchemas('post', {
  list: {
    summary: 'Inläggets versioner, nyaste först (x-pagination-total)',
    params: versionListParams,
    query: versionListQuery,
    response: versionListResponse,
  },
  get: {
    summary: 'En version i sin helhet: inlägget som det var och vilka det riktades till',
    params: versionParams,
    response: versionResponse,
  },
  restore: {
    summary: 'Återställ en version som ett nytt utkast (historiken ändras inte)',
    params: versionParams,
    response: postResponse,
  },
  asPublished: {
    summary: 'Inlägget som läsarna såg det vid en tidpunkt (404 om det inte var publicerat då)',
    params: versionListParams,
    query: asPublishedQuery,
    response: versionResponse,
  },
  archive: {
    summary: 'Sök vilket inlägg som helst på titel eller adress, även borttagna (administratörer)',
    query: postArchiveQuery,
    response: postArchiveResponse,
  },
});
