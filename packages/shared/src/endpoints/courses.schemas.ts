import { okBody } from '../schemas/common';
import { fileAnswer } from '../schemas/file-answer';
import {
  attendeeUpdateInput,
  bookingInput,
  courseAttendee,
  courseAttendeeParams,
  courseInput,
  courseKeyParams,
  courseListItem,
  courseListQuery,
  courseMessageInput,
  courseMessageResult,
  courseResponse,
  externalAttendeeInput,
  myCourseQuery,
} from '../schemas/course';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/**
 * Courses and their booking (spec §7 "course"), and beyond the spec the
 * organisers' export and e-mail to the attendees; the routes are in ./courses.ts.
 * Writes may be refused with 409 (full, closed, booked already, a changed course).
 */
export const courseSchemas = endpointSchemas('course', {
  create: {
    summary: 'Skapa en kurs (kräver create_course)',
    body: courseInput,
    response: courseResponse,
    status: 201,
    errors: [409],
  },
  list: {
    summary: 'Kurser som den inloggade ser; kommande först',
    query: courseListQuery,
    response: z.array(courseListItem),
  },
  get: {
    summary: 'En kurs med platser, egen bokning och (för arrangörer) deltagarna',
    params: courseKeyParams,
    response: courseResponse,
  },
  replace: {
    summary: 'Ändra en kurs; fler platser går genast till reservlistan',
    params: courseKeyParams,
    body: courseInput,
    response: courseResponse,
    errors: [409],
  },
  mine: {
    summary: 'Kurser som den inloggade är anmäld till, med sin status',
    query: myCourseQuery,
    response: z.array(courseListItem),
  },
});

/** Booking a course's places and the organisers' tools; the routes are in ./courses.ts. */
export const courseAttendeeSchemas = endpointSchemas('course', {
  book: {
    summary: 'Boka en användare (sig själv, eller någon annan som arrangör)',
    params: courseAttendeeParams,
    body: bookingInput,
    response: courseAttendee,
    status: 201,
    errors: [409],
  },
  bookExternal: {
    summary: 'Boka en extern deltagare (arrangörer); deltagaren får en bekräftelse',
    params: courseKeyParams,
    body: externalAttendeeInput,
    response: courseAttendee,
    status: 201,
    errors: [409],
  },
  change: {
    summary: 'Ändra status (arrangörer) eller sina svar',
    params: courseAttendeeParams,
    body: attendeeUpdateInput,
    response: courseAttendee,
    errors: [409],
  },
  cancel: {
    summary: 'Avboka; den första på reservlistan får platsen',
    params: courseAttendeeParams,
    response: okBody,
    errors: [409],
  },
  exportCsv: {
    summary: 'Deltagarlistan som CSV (arrangörer)',
    params: courseKeyParams,
    // Sent as it is; the web app links to the address.
    response: fileAnswer('text/csv'),
  },
  message: {
    summary: 'E-post till kursens deltagare (arrangörer)',
    params: courseKeyParams,
    body: courseMessageInput,
    response: courseMessageResult,
    errors: [409, 429],
  },
});
