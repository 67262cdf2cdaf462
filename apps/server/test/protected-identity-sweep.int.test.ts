import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids as sharedIds } from '@skolportalen/shared';
import { rowsOf } from '../src/db/raw-rows';
import { issueLinks } from '../src/modules/acknowledgement-mail/acknowledgement-links.repo';
import { courseBody, courseUrl } from './course-helpers';
import { roleCategory } from './tools-helpers';
import { buildUser, signIn, type TestNode } from './factories';
import { createTestApp, signInAs, type TestContext } from './harness';
import { listRoutes } from './route-list';

/**
 * Protected identities (issue 25, decision 0039), proved over the whole API:
 * every route that returns data is called, with the ids of everything the
 * demo's two protected people touch, as the people who may not see them — a
 * teacher at the same school, a classmate, a classmate's guardian, another
 * school's rektor, a pupil elsewhere — and no answer (status line, headers or
 * body) may carry their name, username, uid or e-mail. An administrator with
 * the right does see them, and opening their record is audited. A new route
 * is in the sweep by being registered.
 */
let t: TestContext;

interface Person {
  id: number;
  uid: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  security_marking: string;
}
let protectedPeople: Person[] = [];
/** The ids of what the protected people are in or touched, by kind, for the routes' parameters. */
type Kind = 'person' | 'node' | 'post' | 'comment';
const touched: Record<Kind, Set<number>> = {
  person: new Set(),
  node: new Set(),
  post: new Set(),
  comment: new Set(),
};
/** Every id above, and 1 (every table counts from it). */
let ids: number[] = [];
/**
 * The secrets of must-read mail's one-click links (GET /acknowledgement-link/:token),
 * made for the actors on a notice to the protected person's school: the page shows
 * its reader and their children, and must show no one else.
 */
const linkSecrets: string[] = [];
const actorsOf = new Map<number, Record<string, string>>();

const people = (query: ReturnType<typeof sql>) => rowsOf<Person>(t.db, query);
const oneOf = async (what: string, query: ReturnType<typeof sql>) => {
  const [row] = await rowsOf<{ username: string }>(t.db, query);
  if (!row) throw new Error(`the demo has no ${what}`);
  return row.username;
};

/** Someone of a main role, in (or not in) the protected person's school or class. */
function someone(role: string, where: ReturnType<typeof sql>) {
  return sql`select u.username from users u
    join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
    where r.key = ${role} and u.security_marking = 'Ingen' and u.disabled_at is null and ${where}
    order by u.id limit 1`;
}

const memberOf = (nodeIds: number[]) =>
  sql`exists (select 1 from user_nodes un where un.user_id = u.id and un.node_id in (${sql.join(
    nodeIds.map((id) => sql`${id}`),
    sql`, `,
  )}))`;

beforeAll(async () => {
  t = await createTestApp();
  protectedPeople = await people(
    sql`select id, uid, username, first_name, last_name, email, security_marking
        from users where security_marking <> 'Ingen' order by id`,
  );
  for (const id of await publishForEveryone()) touched.post.add(id);
  for (const person of protectedPeople) {
    const [place] = await rowsOf<{ school: number | null; class: number | null; pupil: boolean }>(
      t.db,
      sql`select
          (select n.id from user_nodes un join nodes n on n.id = un.node_id
            where un.user_id = ${person.id} and n.type = 'Skolenhet' limit 1) as school,
          (select n.id from user_nodes un join nodes n on n.id = un.node_id
            where un.user_id = ${person.id} and n.type = 'Klass' limit 1) as class,
          exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
            where ur.user_id = ${person.id} and r.key = 'role_student') as pupil`,
    );
    const school = Number(place!.school);
    // A pupil's classmates; for staff, the pupils of their school.
    const group = place!.pupil && place!.class ? [Number(place!.class)] : [school];
    const classmate = await oneOf('classmate', someone('role_student', memberOf(group)));
    const actors = {
      teacherAtTheSchool: await oneOf('teacher', someone('role_teacher', memberOf([school]))),
      classmate,
      classmatesGuardian: await oneOf(
        "classmate's guardian",
        sql`select g.username from users g join account_links l on l.user_id = g.id
            join users c on c.id = l.related_user_id
            where l.relation = 'child' and c.username = ${classmate} order by g.id limit 1`,
      ),
      pupilElsewhere: await oneOf('pupil', someone('role_student', sql`not ${memberOf([school])}`)),
    };
    const cookies: Record<string, string> = {};
    for (const [actor, username] of Object.entries(actors))
      cookies[actor] = await signInAs(t.app, username);
    cookies.otherRektor = await otherRektorThan(school);
    actorsOf.set(person.id, cookies);
    linkSecrets.push(...(await mustReadLinks(school, Object.values(actors))));
    touched.person.add(person.id);
    for (const id of [school, ...group]) touched.node.add(id);
    await actAsThePerson(person);
  }
  ids = [...new Set([...Object.values(touched).flatMap((set) => [...set]), 1])];
});
afterAll(() => t?.close());

/**
 * A rektor of another school, signed in: the demo's own where it has one, else one built
 * at another of its schools (the demo has a rektor at one school only).
 */
async function otherRektorThan(school: number) {
  const [demoRektor] = await rowsOf<{ username: string }>(
    t.db,
    someone('role_school_responsible', sql`not ${memberOf([school])}`),
  );
  if (demoRektor) return signInAs(t.app, demoRektor.username);
  const [other] = await rowsOf<TestNode>(
    t.db,
    sql`select id, name, type, parent_id as "parentId" from nodes
        where type = 'Skolenhet' and id <> ${school} order by id limit 1`,
  );
  const rektor = await buildUser(t, { role: 'role_school_responsible', school: other! });
  return signIn(t.app, rektor);
}

/** A must-read notice to everyone at the school, and a one-click link of its mail for each of the actors. */
async function mustReadLinks(school: number, usernames: string[]) {
  const cookie = await signInAs(t.app, 'eva.andersson');
  const notice = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/post',
    headers: { cookie },
    payload: {
      type: 'info',
      title: 'Läs och bekräfta: nya rutiner vid sjukanmälan',
      excerpt: 'Från och med måndag anmäls frånvaro i portalen.',
      nodeIds: [school],
      categoryIds: Object.values(roleCategory),
      requiresAcknowledgement: true,
      acknowledgeBy: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
    },
  });
  expect(notice.statusCode, notice.body).toBe(201);
  const postId = (notice.json() as { id: number }).id;
  touched.post.add(postId);
  const readers = await rowsOf<{ id: number }>(
    t.db,
    sql`select id from users where username in (${sql.join(
      usernames.map((username) => sql`${username}`),
      sql`, `,
    )})`,
  );
  const issued = await issueLinks(
    t.db,
    readers.map((reader) => ({ postId, userId: Number(reader.id) })),
    new Date(),
  );
  return issued.map((link) => link.secret);
}

/** A news item for everyone and a course for staff, by the administration: where people leave traces. */
async function publishForEveryone() {
  const cookie = await signInAs(t.app, 'eva.andersson');
  const news = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/post',
    headers: { cookie },
    payload: {
      type: 'news',
      title: 'Skolavslutningen flyttas',
      excerpt: 'Avslutningen hålls i år i sporthallen.',
      nodeIds: [sharedIds.municipalityNodeId],
      categoryIds: Object.values(roleCategory),
    },
  });
  const course = await t.app.inject({
    method: 'POST',
    url: courseUrl,
    headers: { cookie },
    payload: courseBody(new Date()),
  });
  for (const made of [news, course]) expect(made.statusCode, made.body).toBe(201);
  return [news, course].map((made) => (made.json() as { id: number }).id);
}

/**
 * The protected person leaves traces where people show: a comment and a like
 * on a post they can read, the post marked read, a course booked where they
 * may book. The ids of the post, the comment and the course join the sweep.
 */
async function actAsThePerson(person: Person) {
  const cookie = await signInAs(t.app, person.username);
  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const feed = await as('POST', '/api/core/v1/GetPosts', { type: ['news'], perPage: 5 });
  const [post] = feed.json() as { id: number }[];
  expect(post, `${person.username} reads no news`).toBeDefined();
  if (post) {
    touched.post.add(post.id);
    const comment = await as('POST', '/api/core/v1/comment', {
      postId: post.id,
      text: 'Tack för informationen!',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    touched.comment.add((comment.json() as { id: number }).id);
    await as('POST', '/api/core/v1/like', { postId: post.id });
    await as('POST', `/api/core/v1/post-read/${post.id}`);
  }
  // Staff book the course; a pupil cannot, and has left enough traces above.
  const courses = await as('POST', '/api/core/v1/GetPosts', { type: ['course'], perPage: 5 });
  for (const course of courses.json() as { id: number }[]) {
    const booked = await as('POST', `/api/core/v1/course/${course.id}/attendee/${person.id}`, {});
    if (booked.statusCode < 300) break;
  }
}

/** The query parameters through which list routes take the id of what they list under. */
const idQueries = ['postId', 'commentId', 'nodeId', 'userId', 'authorId', 'entityId', 'parentId'];

/**
 * What a path parameter names, from its name or the segment before it
 * (`/user/:id`, `/course/:id/attendee/:userId`); an unknown one gets every id.
 */
function idsOf(parameter: string, segment: string): number[] {
  const kind: Kind | undefined =
    parameter === 'userId' || /^(user|users|related)$/.test(segment)
      ? 'person'
      : parameter === 'nodeId' || /^(node|nodes)$/.test(segment)
        ? 'node'
        : parameter === 'postId' || /^(post|post-read|editor|course|related-posts)$/.test(segment)
          ? 'post'
          : parameter === 'commentId' || segment === 'comment'
            ? 'comment'
            : undefined;
  return kind ? [...touched[kind], 1] : ids;
}

/** The route's URLs with the ids of each path parameter's kind (every combination). */
function pathUrls(route: string): string[] {
  let urls = [''];
  const parts = route.split('/');
  parts.forEach((part, at) => {
    const choices = part.startsWith(':')
      ? part === ':cap'
        ? ['search']
        : parts[at - 1] === 'acknowledgement-link'
          ? linkSecrets
          : idsOf(part.slice(1), parts[at - 1] ?? '').map(String)
      : [part];
    urls = urls.flatMap((url) => choices.map((choice) => (at === 0 ? choice : `${url}/${choice}`)));
  });
  return urls;
}

/** The routes that read with a POST (spec §7's Get… calls), with a body that lists everything. */
const postReads: Record<string, (person: Person) => object> = {
  '/api/core/v1/GetPosts': (person) => ({ search: person.last_name }),
  '/api/core/v1/GetPostsAll': () => ({ type: ['news', 'page', 'course', 'alert'] }),
  '/api/core/v1/GetLinks': () => ({}),
};

function dataRoutes() {
  return listRoutes(t.app).filter(
    (route) =>
      (route.method === 'GET' || (route.method === 'POST' && route.url in postReads)) &&
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/docs') &&
      !route.url.includes('*'),
  );
}

/** What of the person an answer must never carry. */
const traces = (person: Person) => [
  ...new Set(
    [`${person.first_name} ${person.last_name}`, person.username, person.uid, person.email].filter(
      (value): value is string => Boolean(value),
    ),
  ),
];

describe('protected identities over the whole API', () => {
  it('the demo has a pupil with skyddad folkbokföring and a teacher with sekretessmarkering', () => {
    expect(protectedPeople.map((person) => person.security_marking).sort()).toEqual([
      'Sekretessmarkering',
      'Skyddad folkbokföring',
    ]);
  });

  it('no route tells anyone who may not see them their name, username or e-mail', async () => {
    const routes = dataRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const leaks: string[] = [];
    let requests = 0;
    let answered = 0;
    let actorsSwept = 0;
    for (const person of protectedPeople) {
      for (const [actor, cookie] of Object.entries(actorsOf.get(person.id)!)) {
        // Each actor from an address of their own, as people are: the limits of the
        // routes without a session (a must-read mail's link) are per address.
        actorsSwept += 1;
        const remoteAddress = `10.0.0.${actorsSwept}`;
        const call = async (method: string, url: string, payload?: object) => {
          const response = await t.app.inject({
            method: method as 'GET' | 'POST',
            url,
            headers: { cookie },
            remoteAddress,
            ...(payload ? { payload } : {}),
          });
          requests += 1;
          if (response.statusCode === 200) answered += 1;
          const answer = `${response.statusCode} ${JSON.stringify(response.headers)} ${response.body}`;
          for (const trace of traces(person)) {
            if (answer.toLowerCase().includes(trace.toLowerCase()))
              leaks.push(`${actor} ${method} ${url} tells "${trace}" (${response.statusCode})`);
          }
          return response;
        };
        for (const route of routes) {
          const read = postReads[route.url];
          if (read) {
            await call(route.method, route.url, read(person));
          } else if (route.url.includes(':')) {
            for (const url of pathUrls(route.url)) await call('GET', url);
          } else {
            // A list: as it is, searched for the person, and under each id by each query
            // parameter its schema names (all of them when its schema is of another shape).
            await call('GET', route.url);
            const takes = (key: string) =>
              route.queryKeys === null || route.queryKeys?.includes(key);
            const name = encodeURIComponent(person.last_name);
            for (const key of ['search', 'q'].filter(takes))
              await call('GET', `${route.url}?${key}=${name}`);
            for (const parameter of idQueries.filter(takes))
              for (const id of ids) await call('GET', `${route.url}?${parameter}=${id}`);
          }
        }
      }
    }
    const actorCount = [...actorsOf.values()].reduce(
      (sum, each) => sum + Object.keys(each).length,
      0,
    );
    // The figures of the sweep, for the log of whoever runs it.
    process.stdout.write(
      `protected-identity sweep: ${routes.length} routes × ${actorCount} actors (for ${protectedPeople.length} people), ` +
        `${requests} requests, ${answered} answered 200, ${leaks.length} leaks\n`,
    );
    expect(leaks).toEqual([]);
    // The sweep reached real answers, not only refusals.
    expect(answered, `${answered} of ${requests} answers were 200`).toBeGreaterThan(requests / 5);
  }, 600_000);

  it('an administrator with the right sees them, and opening their record is audited', async () => {
    const admin = await signInAs(t.app, 'eva.andersson');
    for (const person of protectedPeople) {
      const record = await t.app.inject({
        url: `/api/core/v1/user/${person.id}`,
        headers: { cookie: admin },
      });
      expect(record.statusCode, record.body).toBe(200);
      expect(record.json()).toMatchObject({
        username: person.username,
        securityMarking: person.security_marking,
      });
      const list = await t.app.inject({
        url: `/api/core/v1/users?search=${encodeURIComponent(person.last_name)}`,
        headers: { cookie: admin },
      });
      expect(list.body).toContain(`${person.first_name} ${person.last_name}`);
    }
    const audited = await rowsOf<{ entity_id: string }>(
      t.db,
      sql`select distinct a.entity_id from audit_log a join users u on u.id = a.actor_user_id
          where a.action = 'user.protected-identity-viewed' and u.username = 'eva.andersson'
          order by 1`,
    );
    expect(audited.map((row) => Number(row.entity_id)).sort()).toEqual(
      protectedPeople.map((person) => person.id).sort(),
    );
  });
});
