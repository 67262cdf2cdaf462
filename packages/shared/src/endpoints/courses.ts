import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { courseAttendeeSchemas, courseSchemas } from './courses.schemas';

/** `/api/core/v1` courses (spec §7 "course"): a course is a post of type course. */
export const courseEndpoints = declareEndpoints<typeof courseSchemas>()(apiRoots.core, {
  create: 'POST /course',
  list: 'GET /course',
  get: 'GET /course/:id',
  replace: 'PUT /course/:id',
  mine: 'GET /my-course',
});

/**
 * `/api/core/v1` booking (spec §7 "course" attendee calls), and beyond the
 * spec: the organisers' export and e-mail to the attendees.
 */
export const courseAttendeeEndpoints = declareEndpoints<typeof courseAttendeeSchemas>()(
  apiRoots.core,
  {
    book: 'POST /course/:id/attendee/:userId',
    bookExternal: 'POST /course/:id/attendee-external',
    change: 'PUT /course/:id/attendee/:userId',
    cancel: 'DELETE /course/:id/attendee/:userId',
    exportCsv: 'GET /course/:id/attendees.csv',
    message: 'POST /course/:id/message',
  },
);
