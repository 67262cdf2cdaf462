import { limits } from '../constants';
import { email, listQuery, queryDate, requiredText } from './common';
import { z } from './zod-sv';

export const feedbackMessageMax = 2000;

export const feedbackRequest = z.strictObject({
  message: requiredText(feedbackMessageMax),
  /** Optional: only when the sender wants an answer. */
  email: z.union([z.literal(''), email]).optional(),
  pageUrl: z.string().trim().max(500).optional(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequest>;

export const feedbackStatuses = ['new', 'handled'] as const;

export const feedbackItem = z.object({
  id: z.number(),
  createdAt: z.string(),
  message: z.string(),
  email: z.string().nullable(),
  pageUrl: z.string().nullable(),
  status: z.enum(feedbackStatuses),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const feedbackListQuery = listQuery.extend({ status: z.enum(feedbackStatuses).optional() });

export const feedbackUpdate = z.strictObject({ status: z.enum(feedbackStatuses) });

export const analyticsConfig = z.object({ enabled: z.boolean() });

export const pageViewRequest = z.strictObject({
  /** A route path only: no query string, no fragment, nothing personal. */
  path: z
    .string()
    .max(limits.genericStringMax)
    .regex(/^\/[A-Za-z0-9\-._~/%]*$/),
});

export const pageViewQuery = z.object({
  from: queryDate.optional(),
  to: queryDate.optional(),
});

export const pageViewRow = z.object({ day: z.string(), path: z.string(), views: z.number() });
