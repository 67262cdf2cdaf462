import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { courseCalendarSchemas } from './course-calendar.schemas';

/**
 * `/api/core/v1`, beyond the spec: a course as an iCalendar file, and a
 * personal feed of one's booked courses that calendar programs subscribe to
 * with a secret address (decision 0013).
 */
export const courseCalendarEndpoints = declareEndpoints<typeof courseCalendarSchemas>()(
  apiRoots.core,
  {
    courseFile: 'GET /course/:id/calendar.ics',
    feedState: 'GET /course-feed',
    createFeed: 'POST /course-feed',
    deleteFeed: 'DELETE /course-feed',
    feed: 'GET /course-feed/:token',
  },
);
