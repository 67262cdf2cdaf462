import type { CourseBooking, CourseResponse } from '@skolportalen/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { BookingPanel } from './booking-panel';

afterEach(() => vi.unstubAllGlobals());

const booking = (overrides: Partial<CourseBooking> = {}): CourseBooking => ({
  capacity: 10,
  approvedCount: 3,
  pendingCount: 0,
  reserveCount: 0,
  placesLeft: 7,
  isFull: false,
  started: false,
  cancellationDeadline: '2026-11-28T12:00:00.000Z',
  closedReason: null,
  myBooking: null,
  can: { book: true, cancel: false, manage: false },
  ...overrides,
});

function course(overrides: Partial<CourseBooking> = {}): CourseResponse {
  return {
    id: 7,
    type: 'course',
    review: null,
    title: 'Digitala verktyg',
    excerpt: '',
    slug: 'digitala-verktyg',
    url: '/kurs/digitala-verktyg',
    status: 'publish',
    order: 0,
    orderPostBeforeId: null,
    parentId: 0,
    authorId: 1,
    author: { id: 1, name: 'Lars Berglund' },
    pseudoAuthor: null,
    allowComments: true,
    publishedDate: null,
    unpublishedDate: null,
    authoredDate: null,
    sendNotification: false,
    blurbs: [],
    info: [],
    contact: null,
    mediaId: null,
    media: null,
    mediaIds: [],
    medias: [],
    userIds: [],
    categoryIds: [3],
    nodeIds: [1],
    courseNodeIds: [],
    editorIds: [],
    pagePlacement: 'none',
    courseDate: '2026-12-01',
    course: {
      startDate: '2026-12-01T12:00:00.000Z',
      endDate: '2026-12-01T15:00:00.000Z',
      cancellationDate: '2026-11-28T12:00:00.000Z',
      place: 'Aulan',
      numberOfAttendees: 10,
      bookable: true,
      attendeeInformation: [{ title: 'Vilken skola arbetar du på?', required: true }],
    },
    created: '2026-11-01T00:00:00.000Z',
    updated: '2026-11-01T00:00:00.000Z',
    isRead: false,
    likes: { count: 0, liked: false, likeId: null },
    commentCount: 0,
    readCount: null,
    targetCount: null,
    requiresAcknowledgement: false,
    acknowledgeBy: null,
    acknowledgement: 'each-reader',
    reminderHoursBefore: [24],
    myAcknowledgement: null,
    reachedChildren: [],
    can: {
      edit: false,
      delete: false,
      publish: false,
      changeRestricted: false,
      readAcknowledgements: false,
    },
    language: 'sv',
    dir: 'ltr',
    machineTranslated: false,
    outdated: false,
    content: [],
    booking: booking(overrides),
    attendees: null,
  };
}

describe('the booking panel', () => {
  it('asks for the required answers before sending, then books with them', async () => {
    const fetchMock = mockFetch((url, init) =>
      url === '/api/core/v1/course/7/attendee/5' && init.method === 'POST'
        ? json({}, { status: 201 })
        : url.startsWith('/api/core/v1/course')
          ? json(course())
          : undefined,
    );
    renderAt(<BookingPanel course={course()} userId={5} />);
    await userEvent.click(screen.getByRole('button', { name: 'Boka plats' }));
    expect(screen.getByText('Fältet måste vara ifyllt')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    // The focus goes to the question to answer, which its error describes.
    const question = screen.getByRole('textbox', { name: /Vilken skola arbetar du på\?/ });
    expect(question).toHaveFocus();
    expect(question).toHaveAccessibleDescription('Fältet måste vara ifyllt');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Vilken skola arbetar du på\?/ }),
      'Ekbacken',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Boka plats' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      answers: [{ question: 'Vilken skola arbetar du på?', answer: 'Ekbacken' }],
    });
  }, 20_000);

  it('offers the reserve list on a full course and shows a refusal in place', async () => {
    mockFetch((url, init) =>
      init.method === 'POST'
        ? json(
            { code: 'COURSE_STARTED', message: 'Kursen har redan börjat och kan inte bokas' },
            { status: 409 },
          )
        : json(course()),
    );
    const full = course({ isFull: true, placesLeft: 0 });
    full.course!.attendeeInformation = [];
    renderAt(<BookingPanel course={full} userId={5} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ställ dig på reservlistan' }));
    expect(
      await screen.findByText('Kursen har redan börjat och kan inte bokas'),
    ).toBeInTheDocument();
  });

  it('tells a booked attendee their status, and that only the organiser can cancel after the deadline', () => {
    mockFetch(() => undefined);
    const booked = course({
      myBooking: {
        key: '5',
        userId: 5,
        external: false,
        name: 'Sara Ekström',
        email: null,
        organisation: null,
        status: 'pending',
        reservePosition: null,
        answers: [],
        created: '2026-11-01T00:00:00.000Z',
        updated: '2026-11-01T00:00:00.000Z',
      },
      can: { book: false, cancel: false, manage: false },
    });
    renderAt(<BookingPanel course={booked} userId={5} />);
    expect(screen.getByRole('status')).toHaveTextContent('Din anmälan: Väntande');
    expect(screen.queryByRole('button', { name: 'Avboka' })).not.toBeInTheDocument();
    expect(screen.getByText(/Sista dag för avbokning har passerat/)).toBeInTheDocument();
  });
});
