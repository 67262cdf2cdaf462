/** Where the APIs of the portal live (spec §3, and §7 "Intranet jobs"); the web app's addresses and the server's routes start here. */
export const apiRoots = {
  core: '/api/core/v1',
  portal: '/api/portal-service/v1',
  documents: '/api/document-repository/v1',
  jobs: '/api/intranet-jobs/v1',
} as const;

/** A list answer's total count (spec §7), beside its page of items. */
export const paginationTotalHeader = 'x-pagination-total';
