import { createBlock, postInput, type PostResponse } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import { mapFieldErrors } from './error-map';
import {
  emptyPost,
  fromLocalInput,
  fromPost,
  isScheduled,
  statusFor,
  toInput,
  toLocalInput,
  validatePost,
} from './post-form';

function storedPost(overrides: Partial<PostResponse> = {}): PostResponse {
  return {
    id: 5,
    type: 'news',
    title: 'Läsårsstart',
    excerpt: 'Välkomna tillbaka',
    slug: 'lasarsstart',
    url: '/nyhet/lasarsstart',
    review: null,
    status: 'publish',
    order: 0,
    orderPostBeforeId: null,
    parentId: 0,
    authorId: 7,
    author: { id: 7, name: 'Anna Larsson' },
    pseudoAuthor: null,
    allowComments: true,
    publishedDate: '2026-08-17T06:30:27.123Z',
    unpublishedDate: null,
    authoredDate: null,
    sendNotification: false,
    blurbs: [{ title: 'Start', text: 'Måndag 08:10' }],
    info: [{ title: 'Schema', url: 'https://schema.example.org', openInNewWindow: true }],
    contact: { name: 'Anna', title: null, email: 'anna@exempelby.se', phone: null },
    mediaId: null,
    media: null,
    mediaIds: [],
    medias: [],
    userIds: [],
    categoryIds: [10],
    nodeIds: [3],
    courseNodeIds: [],
    editorIds: [],
    pagePlacement: 'none',
    courseDate: null,
    course: null,
    created: '2026-08-01T00:00:00Z',
    updated: '2026-08-01T00:00:00Z',
    isRead: false,
    likes: { count: 0, liked: false, likeId: null },
    commentCount: 0,
    readCount: 0,
    targetCount: 20,
    requiresAcknowledgement: false,
    acknowledgeBy: null,
    acknowledgement: 'each-reader',
    reminderHoursBefore: [24],
    myAcknowledgement: null,
    reachedChildren: [],
    can: {
      edit: true,
      delete: true,
      publish: true,
      changeRestricted: true,
      readAcknowledgements: false,
    },
    language: 'sv',
    dir: 'ltr',
    machineTranslated: false,
    outdated: false,
    content: [createBlock('html', { html: '<p>Hej</p>' })],
    ...overrides,
  };
}

describe('the editor form', () => {
  it('starts a new post with one empty html block', () => {
    const values = emptyPost();
    expect(values.content).toHaveLength(1);
    expect(values.content[0]!.type).toBe('html');
  });

  it('sends blurbs, info and contact as JSON strings and empty strings as null (spec §3)', () => {
    const values = { ...emptyPost(), title: 'Hej', pseudoAuthor: '  ', slug: '' };
    values.blurbs = [{ title: 'A', text: 'B' }];
    const body = toInput(values, 'draft');
    expect(body.blurbs).toBe('[{"title":"A","text":"B"}]');
    expect(body.info).toBe('[]');
    expect(body.contact).toBeNull();
    expect(body.pseudoAuthor).toBeNull();
    expect(body.slug).toBeNull();
    expect(body.parentId).toBe(0);
    expect(body.excerpt).toBe('');
    // The server parses the body with the same schema.
    const parsed = postInput.parse(body);
    expect(parsed.blurbs).toEqual([{ title: 'A', text: 'B' }]);
    expect(parsed.status).toBe('draft');
  });

  it('sends the contact as a JSON string when any part is filled', () => {
    const values = { ...emptyPost(), title: 'Hej' };
    values.contact = { name: 'Anna', title: '', email: 'anna@exempelby.se', phone: '' };
    expect(JSON.parse(toInput(values, 'draft').contact as string)).toEqual({
      name: 'Anna',
      title: null,
      email: 'anna@exempelby.se',
      phone: null,
    });
  });

  it('round-trips a stored post without changing its restricted fields', () => {
    const post = storedPost();
    const body = toInput(fromPost(post), statusFor('keep', post.status));
    expect(body.publishedDate).toBe(post.publishedDate);
    expect(body.status).toBe('publish');
    expect(body.nodeIds).toEqual([3]);
    expect(body.categoryIds).toEqual([10]);
    expect(body.slug).toBe('lasarsstart');
    expect(postInput.safeParse(body).success).toBe(true);
  });

  it('sends the must-read settings, keeping an unchanged deadline exactly as it came', () => {
    const post = storedPost({
      requiresAcknowledgement: true,
      acknowledgeBy: '2030-12-04T11:00:00.000Z',
      acknowledgement: 'each-guardian',
      reminderHoursBefore: [72, 24],
    });
    const values = fromPost(post);
    expect(values.reminderHours).toEqual(['72', '24']);
    const body = toInput(values, 'publish');
    expect(body).toMatchObject({
      requiresAcknowledgement: true,
      acknowledgeBy: '2030-12-04T11:00:00.000Z',
      acknowledgement: 'each-guardian',
      reminderHoursBefore: [72, 24],
    });
    const changed = toInput({ ...values, acknowledgeBy: '2030-12-05T12:00' }, 'publish');
    expect(changed.acknowledgeBy).toBe(fromLocalInput('2030-12-05T12:00'));
    expect(postInput.safeParse(changed).success).toBe(true);
  });

  it('asks for no confirmation where the type may not ask, nor a deadline when none is asked', () => {
    const values = {
      ...emptyPost('pinned-news'),
      requiresAcknowledgement: true,
      acknowledgeBy: '2030-12-04T12:00',
    };
    expect(toInput(values, 'draft')).toMatchObject({
      requiresAcknowledgement: false,
      acknowledgeBy: null,
    });
    const off = toInput({ ...emptyPost('news'), acknowledgeBy: '2030-12-04T12:00' }, 'draft');
    expect(off.acknowledgeBy).toBeNull();
    // Hidden reminders that are not numbers never stop a save.
    const hidden = toInput({ ...emptyPost('news'), reminderHours: ['24', 'x'] }, 'draft');
    expect(hidden.reminderHoursBefore).toEqual([24]);
  });

  it('puts a reminder that is not a number of hours, and a deadline before publishing, beside their fields', () => {
    const values = {
      ...emptyPost('news'),
      title: 'Utflykt',
      requiresAcknowledgement: true,
      publishedDate: '2030-12-10T08:00',
      acknowledgeBy: '2030-12-04T12:00',
      reminderHours: ['24', 'två'],
    };
    const problems = validatePost(toInput(values, 'draft'));
    const mapped = mapFieldErrors(
      problems,
      values.content,
      new Set(['acknowledgeBy', 'reminderHoursBefore']),
    );
    expect(mapped.fields.acknowledgeBy).toBe(
      'Sista dag för läsbekräftelse måste ligga efter publiceringen',
    );
    expect(Object.keys(mapped.fields)).toContain('reminderHoursBefore.1');
  });

  it('converts datetime-local values and knows a date ahead schedules', () => {
    const iso = fromLocalInput('2030-05-01T08:00');
    expect(toLocalInput(iso)).toBe('2030-05-01T08:00');
    expect(fromLocalInput('')).toBeNull();
    const values = { ...emptyPost(), publishedDate: '2030-05-01T08:00' };
    expect(isScheduled(values, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isScheduled({ ...values, publishedDate: '' })).toBe(false);
    expect(statusFor('draft', 'publish')).toBe('draft');
    expect(statusFor('publish', 'draft')).toBe('publish');
    expect(statusFor('keep', 'future')).toBe('future');
  });

  it('validates in the browser with every message at once, the publishing rules included', () => {
    const values = { ...emptyPost('info'), title: '' };
    const problems = validatePost(toInput(values, 'publish'));
    const mapped = mapFieldErrors(
      problems,
      values.content,
      new Set(['title', 'excerpt', 'nodeIds', 'categoryIds']),
    );
    expect(mapped.fields).toEqual({
      title: 'Fältet måste vara ifyllt',
      excerpt: 'Fältet måste vara ifyllt',
      nodeIds: 'Minst en grupp måste väljas',
      categoryIds: 'Minst ett val måste göras',
    });
  });

  it('asks for an icon before a tool type is published, and not for a draft', () => {
    const values = { ...emptyPost('tool'), title: 'Verktyg', nodeIds: [1], categoryIds: [2] };
    expect(validatePost(toInput(values, 'publish'))).toEqual([
      { field: 'mediaId', message: 'Du måste välja ikon innan du publicerar' },
    ]);
    expect(validatePost(toInput(values, 'draft'))).toEqual([]);
  });
});
