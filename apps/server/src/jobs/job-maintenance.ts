import type { Database } from '../db/client';
import { deleteOrphanAttempts } from './job-attempts.repo';
import type { JobService } from './job-service';

/** pg-boss forgets jobs after a week; their attempt records go a day later. */
export function registerJobMaintenance(jobs: JobService, db: Database) {
  jobs.define({
    name: 'jobs.cleanup',
    retryLimit: 2,
    backoff: true,
    expireInSeconds: 15 * 60,
    handler: async () => {
      await deleteOrphanAttempts(db, 8);
    },
  });
  jobs.schedule('jobs.cleanup', '17 3 * * *');
}
