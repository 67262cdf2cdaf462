import { describe, expect, it } from 'vitest';
import {
  attendeeUpdateInput,
  courseAttendeeParams,
  courseInput,
  externalAttendeeInput,
} from './course';

const course = {
  title: 'Digitala verktyg',
  nodeIds: [1],
  categoryIds: [3],
  courseDate: '2026-12-01',
  course: {
    startDate: '2026-12-01T12:00:00Z',
    endDate: '2026-12-01T15:00:00Z',
    cancellationDate: '2026-11-28T12:00:00Z',
    place: 'Aulan',
    numberOfAttendees: 20,
    bookable: true,
    attendeeInformation: '[{"title":"Specialkost","required":true}]',
  },
};
const issues = (input: unknown) => {
  const result = courseInput.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('course input', () => {
  it('takes the post body with type course, questions as a JSON string (spec §3)', () => {
    const parsed = courseInput.parse(course);
    expect(parsed.type).toBe('course');
    expect(parsed.course?.attendeeInformation).toEqual([{ title: 'Specialkost', required: true }]);
    expect(issues({ ...course, type: 'news' })).toEqual(['type: Ogiltigt värde']);
  });

  it('refuses courses that cannot be held', () => {
    const withCourse = (changes: Record<string, unknown>) => ({
      ...course,
      course: { ...course.course, ...changes },
    });
    expect(issues(withCourse({ numberOfAttendees: 0 }))).toEqual([
      'course.numberOfAttendees: Antalet platser måste vara minst 1',
    ]);
    expect(issues(withCourse({ endDate: '2026-12-01T11:00:00Z' }))).toEqual([
      'course.endDate: Kursen måste sluta efter att den börjar',
    ]);
    expect(issues(withCourse({ cancellationDate: '2026-12-02T00:00:00Z' }))).toEqual([
      'course.cancellationDate: Sista dag för avbokning måste ligga före kursstart',
    ]);
    expect(issues(withCourse({ startDate: '', endDate: '' }))).toEqual([
      'course.startDate: Ange när kursen börjar',
      'course.endDate: Ange när kursen slutar',
    ]);
    // A cancellation date equal to the start is the same as none.
    expect(issues(withCourse({ cancellationDate: '2026-12-01T12:00:00Z' }))).toEqual([]);
  });
});

describe('attendee input', () => {
  it('checks an external attendee’s name and e-mail in Swedish', () => {
    const result = externalAttendeeInput.safeParse({ name: '', email: 'inte-en-adress' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      'Fältet måste vara ifyllt',
      'Fel format på e-postadressen',
    ]);
  });

  it('names attendees by user id or external-{n}, and wants something to change', () => {
    expect(courseAttendeeParams.safeParse({ id: '7', userId: '12' }).success).toBe(true);
    expect(courseAttendeeParams.safeParse({ id: '7', userId: 'external-3' }).success).toBe(true);
    expect(courseAttendeeParams.safeParse({ id: '7', userId: 'external-' }).success).toBe(false);
    expect(courseAttendeeParams.safeParse({ id: '7', userId: '-1' }).success).toBe(false);
    expect(attendeeUpdateInput.safeParse({}).success).toBe(false);
    expect(attendeeUpdateInput.safeParse({ status: 'pending' }).success).toBe(true);
  });
});
