import type { CourseListItem, CourseResponse } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor } from '../../../test/course-helpers';
import { seedDemoCourses } from './demo-courses';
import { seedDemoMunicipality } from './demo-municipality';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const { nodeByRef, userIds } = await seedDemoMunicipality(t.db);
  await seedDemoCourses(t.db, nodeByRef, userIds);
});
afterAll(() => t.close());

async function courses(username: string, query = '') {
  const response = await (await clientFor(t, username))('GET', `/api/core/v1/course${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as CourseListItem[];
}

describe('demo courses', () => {
  it('reach teachers, employees and guardians by role and school', async () => {
    const johan = (await courses('johan.berg')).map((course) => course.title);
    expect(johan).toEqual([
      'Betyg och bedömning i praktiken',
      'Digitala verktyg i klassrummet',
      'Första hjälpen – grundkurs',
    ]);
    const anna = (await courses('anna.larsson')).map((course) => course.title);
    expect(anna).not.toContain('Betyg och bedömning i praktiken');
    expect((await courses('karin.nilsson')).map((course) => course.title)).toEqual([
      'Trygg på nätet – föräldrakväll',
    ]);
    expect(await courses('elsa.nilsson')).toEqual([]);
  });

  it('show a full course with its reserve list, a course open for booking and a closed one', async () => {
    const sara = await courses('sara.ekstrom', '?includeEnded=true');
    const full = sara.find((course) => course.title === 'Första hjälpen – grundkurs')!;
    expect(full.booking).toMatchObject({
      capacity: 4,
      approvedCount: 4,
      reserveCount: 1,
      isFull: true,
    });
    const open = sara.find((course) => course.title === 'Digitala verktyg i klassrummet')!;
    expect(open.booking).toMatchObject({ placesLeft: 20, can: { book: true } });
    expect(open.course?.attendeeInformation).toHaveLength(2);

    const organiser = await clientFor(t, 'lars.berglund');
    const page = (await (
      await organiser('GET', `/api/core/v1/course/${open.slug}`)
    ).json()) as CourseResponse;
    expect(page.attendees!.map((attendee) => [attendee.name, attendee.status])).toEqual([
      ['Anna Larsson', 'approved'],
      ['Johan Berg', 'approved'],
      ['Karin Lund', 'approved'],
      ['Fatima Ali', 'pending'],
    ]);
    const anna = await clientFor(t, 'anna.larsson');
    const mine = (await (
      await anna('GET', '/api/core/v1/my-course?includeEnded=true')
    ).json()) as CourseListItem[];
    expect(mine.map((course) => [course.title, course.status])).toEqual(
      expect.arrayContaining([['Läslyftet – uppstartsträff', 'draft']]),
    );
  });
});
