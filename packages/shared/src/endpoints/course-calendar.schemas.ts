import { courseFeedParams, courseFeedState, courseKeyParams } from '../schemas/course';
import { fileAnswer } from '../schemas/file-answer';
import { endpointSchemas } from './endpoint';

/**
 * Beyond the spec: a course as a calendar file and the feed of one's booked
 * courses (decision 0013); the routes are in ./course-calendar.ts. They are
 * outside the signed-in group (the feed answers without a session), so each
 * names its refusals. The calendar files are text/calendar, sent as they are.
 */
export const courseCalendarSchemas = endpointSchemas('course', {
  courseFile: {
    summary: 'Kursen som kalenderfil (iCalendar)',
    params: courseKeyParams,
    response: fileAnswer('text/calendar'),
    errors: [401, 404],
  },
  feedState: {
    summary: 'Om den inloggade har en kalenderlänk',
    response: courseFeedState,
    errors: [401],
  },
  createFeed: {
    summary: 'Skapa en ny kalenderlänk; en tidigare slutar gälla',
    response: courseFeedState,
    status: 201,
    errors: [401],
  },
  deleteFeed: {
    summary: 'Ta bort kalenderlänken',
    response: courseFeedState,
    errors: [401],
  },
  feed: {
    summary: 'Kalenderflödet med ens kurser (hemlig adress, utan inloggning)',
    params: courseFeedParams,
    response: fileAnswer('text/calendar'),
    errors: [404, 429],
  },
});
