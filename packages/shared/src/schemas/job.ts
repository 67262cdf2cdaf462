import { listQuery, queryDateTime, stringList } from './common';
import { z } from './zod-sv';

/** pg-boss's job states: waiting, waiting to be retried, running, and the three ends. */
export const jobStates = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;
export type JobState = (typeof jobStates)[number];

/** GET /intranet-jobs/v1/job: newest first unless `sort` says otherwise. */
export const jobListQuery = listQuery.extend({
  state: stringList(z.enum(jobStates)),
  name: stringList(z.string().trim().min(1).max(100)),
  /** Created at or after / before (ISO date-time with offset). */
  from: queryDateTime.optional(),
  to: queryDateTime.optional(),
});
export type JobListQuery = z.input<typeof jobListQuery>;

export const jobIdParams = z.strictObject({ id: z.uuid() });

export const jobAttemptResponse = z.object({
  attempt: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  progress: z.number().nullable(),
  phase: z.string().nullable(),
  error: z.string().nullable(),
});

export const jobResponse = z.object({
  id: z.string(),
  /** The queue: what kind of work it is (e.g. mail.send). */
  name: z.string(),
  state: z.enum(jobStates),
  /** 0–100 as the running or last attempt reported it. */
  progress: z.number().nullable(),
  phase: z.string().nullable(),
  /** Runs so far, retries included. */
  attempts: z.number(),
  /** How many times a failure is tried again. */
  retryLimit: z.number(),
  /** Why the last run failed. */
  error: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  singletonKey: z.string().nullable(),
  createdAt: z.string(),
  startAfter: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type JobResponse = z.infer<typeof jobResponse>;

export const jobDetailResponse = jobResponse.extend({
  attemptHistory: z.array(jobAttemptResponse),
});
export type JobDetailResponse = z.infer<typeof jobDetailResponse>;
