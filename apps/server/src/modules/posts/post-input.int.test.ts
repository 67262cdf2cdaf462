import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, postBody, postUrl, type Client } from '../../../test/posts-helpers';
import { posts } from '../../db/schema';

let t: TestContext;
/** The teacher's school: a teacher aims at her own school (decision 0028). */
let school: number;
let teacher: Client;
/** Courses need create_course (decision 0013): a principal writes them. */
let courseWriter: Client;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const author = await buildUser(t, { role: 'role_teacher' });
  teacher = await clientFor(t, author);
  school = author.school!.id;
  // Aims at the whole municipality's teachers, as the demo's principal who arranges courses.
  courseWriter = await clientFor(
    t,
    await buildUser(t, {
      role: 'role_employee',
      extraRoles: ['role_school_responsible'],
      school: null,
      capabilities: { publish_all_groups: true },
    }),
  );
});
afterAll(() => t.close());

describe('sending rules on the wire (spec §3)', () => {
  it('takes blurbs, info, contact and attendee information as JSON strings', async () => {
    const response = await courseWriter('POST', postUrl, {
      ...postBody({ title: 'Kurs i första hjälpen', type: 'course' }),
      courseDate: '2026-12-03',
      blurbs: JSON.stringify([{ title: 'Tid', text: 'Två timmar' }]),
      info: JSON.stringify([{ title: 'Anmälan', url: 'https://kurs.exempelby.se' }]),
      contact: JSON.stringify({ name: 'Sara Ekström', email: 'sara.ekstrom@exempelby.se' }),
      course: {
        startDate: '2026-12-03T13:00:00Z',
        endDate: '2026-12-03T15:00:00Z',
        cancellationDate: '',
        place: null,
        numberOfAttendees: 20,
        attendeeInformation: JSON.stringify([{ title: 'Allergier', required: false }]),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      url: '/kurs/kurs-i-forsta-hjalpen',
      blurbs: [{ title: 'Tid', text: 'Två timmar' }],
      info: [{ title: 'Anmälan', url: 'https://kurs.exempelby.se', openInNewWindow: false }],
      contact: { name: 'Sara Ekström', email: 'sara.ekstrom@exempelby.se', phone: null },
      course: {
        place: '',
        cancellationDate: null,
        attendeeInformation: [{ title: 'Allergier', required: false }],
      },
    });
  });

  it('turns empty strings into null, a null parent into 0 and a null excerpt into ""', async () => {
    const response = await teacher('POST', postUrl, {
      // A draft: a published post gets its publishing time when none is given.
      ...postBody({ title: 'Tomma fält', status: 'draft', nodeIds: [school] }),
      excerpt: null,
      parentId: null,
      pseudoAuthor: '',
      publishedDate: '',
      contact: '',
      blurbs: '',
      mediaId: null,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      excerpt: '',
      parentId: 0,
      pseudoAuthor: null,
      publishedDate: null,
      contact: null,
      blurbs: [],
      mediaId: null,
    });
  });
});

describe('bad input: a Swedish 400, never a 500, nothing written', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['title too long', { title: 'x'.repeat(129) }, 'title', 'Fältet får innehålla max 128 tecken'],
    [
      'excerpt too long',
      { excerpt: 'x'.repeat(251) },
      'excerpt',
      'Fältet får innehålla max 250 tecken',
    ],
    ['missing type', { type: undefined }, 'type', ''],
    ['unknown type', { type: 'blog' }, 'type', ''],
    [
      'blurb title too long',
      { blurbs: JSON.stringify([{ title: 'x'.repeat(129) }]) },
      'blurbs',
      '',
    ],
    ['blurb text too long', { blurbs: [{ title: 'a', text: 'x'.repeat(251) }] }, 'blurbs', ''],
    ['info without title', { info: [{ title: '', url: 'https://a.se' }] }, 'info', ''],
    ['info with a script url', { info: [{ title: 'a', url: 'javascript:alert(1)' }] }, 'info', ''],
    [
      'broken JSON string',
      { blurbs: '[{"title":' },
      'blurbs',
      'Fältet måste innehålla giltig JSON',
    ],
    [
      'info message without excerpt',
      { type: 'info', excerpt: '' },
      'excerpt',
      'Fältet måste vara ifyllt',
    ],
    ['course without date', { type: 'course' }, 'courseDate', 'Fältet måste vara ifyllt'],
    ['bad slug', { slug: 'Hej Hopp' }, 'slug', 'Fältet får endast innehålla a-z och bindestreck'],
    [
      'digits-only slug',
      { slug: '2026' },
      'slug',
      'Fältet får endast innehålla a-z och bindestreck',
    ],
    ['unknown field', { password: 'x' }, '', ''],
    ['string id list', { nodeIds: 'alla' }, 'nodeIds', ''],
    ['negative id', { nodeIds: [-1] }, 'nodeIds', ''],
    ['huge id', { nodeIds: [2 ** 40] }, 'nodeIds', ''],
    ['bad date', { publishedDate: 'i morgon' }, 'publishedDate', ''],
    [
      'unpublish before publish',
      {
        publishedDate: '2030-01-02T00:00:00Z',
        unpublishedDate: '2030-01-01T00:00:00Z',
      },
      'unpublishedDate',
      'Avpubliceringen måste ligga efter publiceringen',
    ],
    [
      'block in a disallowed parent',
      {
        content: [{ id: 'r', type: 'row', children: [{ id: 'h', type: 'heading' }] }],
      },
      'content.0.children.0.type',
      'Blocket Rubrik får inte ligga i Rad',
    ],
    [
      'heading size 6',
      { content: [{ id: 'h', type: 'heading', props: { size: 6 } }] },
      'content.0.props.size',
      'Rubrikstorleken måste vara 1–5',
    ],
    [
      'column size 5',
      {
        content: [
          { id: 'r', type: 'row', children: [{ id: 'c', type: 'col', props: { cols: 5 } }] },
        ],
      },
      'content.0.children.0.props.cols',
      'Kolumnbredden måste vara 12, 6, 4, 3 eller 2',
    ],
    [
      'duplicate block ids',
      {
        content: [
          { id: 'a', type: 'html' },
          { id: 'a', type: 'html' },
        ],
      },
      'content.1',
      'Två block har samma id',
    ],
    ['unknown block', { content: [{ id: 'a', type: 'iframe' }] }, 'content.0.type', ''],
    [
      'too many blocks',
      {
        content: Array.from({ length: 401 }, (_, i) => ({ id: `b${i}`, type: 'html' })),
      },
      'content',
      '',
    ],
    [
      'nesting too deep',
      {
        content: [nest(12)],
      },
      'content',
      '',
    ],
  ];

  it.each(cases)('%s', async (_name, change, field, message) => {
    const before = await t.db.$count(posts);
    const body = { ...postBody({ title: 'Felaktig' }), ...change };
    const response = await teacher('POST', postUrl, body);
    expect(response.statusCode, response.body).toBe(400);
    const json = response.json() as {
      message: string;
      errors?: { field: string; message: string }[];
    };
    expect(json.message).toMatch(/[åäöÅÄÖ]|Fältet|Kontrollera|Ogiltig/);
    if (field) {
      const error = json.errors?.find((item) => item.field.startsWith(field));
      expect(error, JSON.stringify(json.errors)).toBeDefined();
      if (message) expect(error!.message).toBe(message);
    }
    expect(await t.db.$count(posts)).toBe(before);
  });

  it('answers malformed bodies and garbage with 4xx', async () => {
    const raw = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: postUrl,
        headers: { 'content-type': contentType, cookie: '' },
        payload,
      });
    for (const payload of ['{', 'null', '[]', '"x"', '{"title": {"$ne": 1}}']) {
      const signedIn = await teacher('POST', postUrl, JSON.parse(payload === '{' ? '{}' : payload));
      expect(signedIn.statusCode).toBeLessThan(500);
      expect(signedIn.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect((await raw('{')).statusCode).toBeLessThan(500);
    const big = await teacher('POST', postUrl, {
      ...postBody({ nodeIds: [school] }),
      content: [{ id: 'a', type: 'html', props: { html: 'x'.repeat(2_000_000) } }],
    });
    expect([400, 413]).toContain(big.statusCode);
  });

  it('never answers 500 to randomly broken posts', async () => {
    const before = await t.db.$count(posts);
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const garbage = [null, '', 'x', -1, 0, 1.5, true, [], {}, [1, 'a'], { a: 1 }, '2026-13-45'];
    const fields = Object.keys({
      ...postBody(),
      status: 1,
      order: 1,
      parentId: 1,
      publishedDate: 1,
      blurbs: 1,
      info: 1,
      contact: 1,
      content: 1,
      course: 1,
      editorIds: 1,
      pagePlacement: 1,
    });
    for (let i = 0; i < 60; i += 1) {
      const body: Record<string, unknown> = {
        ...postBody({ title: `Slump ${i}`, status: 'draft' }),
      };
      for (let j = 0; j < 3; j += 1) {
        body[fields[Math.floor(random() * fields.length)]!] =
          garbage[Math.floor(random() * garbage.length)];
      }
      const response = await teacher('POST', postUrl, body);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(await t.db.$count(posts)).toBeGreaterThanOrEqual(before);
  });
});

function nest(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { id: `c${depth}`, type: 'html' };
  for (let level = depth; level > 0; level -= 1) {
    node = {
      id: `r${level}`,
      type: 'row',
      children: [{ id: `k${level}`, type: 'col', children: [node] }],
    };
  }
  return node;
}

describe('checks before publishing (issue 29)', () => {
  const image = { id: 'bild', type: 'image' as const, props: { imgSrc: '/media/finns.png' } };
  const table = {
    id: 'tider',
    type: 'table' as const,
    props: { caption: 'Tider' },
    children: [{ id: 'rad', type: 'table-row' as const, props: { items: 'Måndag | 8.15' } }],
  };

  it('stops publishing an image without a description and a table without headings, naming each block', async () => {
    const body = postBody({
      nodeIds: [school],
      title: 'Med bild och tabell',
      content: [image, table],
    });
    const refused = await teacher('POST', postUrl, body);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        field: 'content.0.props.alt',
        message: 'Bild (block 1): Bilden behöver en alternativtext som beskriver vad den visar.',
      },
      {
        field: 'content.1.props.caption',
        message:
          'Tabell (block 2): Tabellen saknar rubrikrad. Lägg till en rubrikrad så att varje kolumn får ett namn.',
      },
    ]);
    // A draft may still be saved while the writer fixes it; publishing it is refused.
    const draft = await teacher('POST', postUrl, { ...body, status: 'draft' });
    expect(draft.statusCode, draft.body).toBe(201);
    const publish = await teacher('PUT', `${postUrl}/${draft.json().id}`, body);
    expect(publish.statusCode).toBe(400);
    const fixed = await teacher('PUT', `${postUrl}/${draft.json().id}`, {
      ...body,
      content: [
        { ...image, props: { ...image.props, alt: 'Eleverna i skolans trädgård' } },
        {
          ...table,
          children: [
            { id: 'rubriker', type: 'table-heading' as const, props: { headings: 'Dag | Tid' } },
            ...table.children,
          ],
        },
      ],
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().status).toBe('publish');
  });
});
