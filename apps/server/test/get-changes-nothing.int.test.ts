import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { collectKnownValues } from './fuzz/known-values';
import { databaseFingerprint, installWriteJournal } from './fuzz/write-journal';
import {
  buildClass,
  buildCourse,
  buildCourseArranger,
  buildDocument,
  buildDocumentSite,
  buildPost,
  buildSchool,
  buildUser,
  signIn,
  type TestNode,
  type TestUser,
} from './factories';
import { cookieHeaderFrom, createTestApp, type TestContext } from './harness';
import { listRoutes } from './route-list';
import { clientFor, toolBody } from './tools-helpers';

/**
 * GET never changes state (ASVS V3.5.3; a link or an image on another site
 * can make a browser send one): every GET route of the API, with real ids,
 * as every kind of user, leaves every table exactly as it was.
 */
let t: TestContext;
let journal: Awaited<ReturnType<typeof installWriteJournal>>;
const sessions: Record<string, Record<string, string>> = { anonymous: {} };
let uuids: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const school = await buildSchool(t);
  const ownClass = await buildClass(t, { school });
  const student = await buildUser(t, { role: 'role_student', class: ownClass });
  const otherStudent = await buildUser(t, { role: 'role_student', class: ownClass });
  const admin = await buildUser(t, { role: 'role_admin' });
  const teacher = await buildUser(t, { class: ownClass });
  await buildRecords(teacher, admin, ownClass);
  for (const [actor, user] of Object.entries({
    student,
    caretaker: await buildUser(t, { role: 'role_caretaker', guardianOf: [student] }),
    teacher,
    schoolResponsible: await buildUser(t, { role: 'role_school_responsible', school }),
    admin,
    superadmin: await buildUser(t, { role: 'role_superadmin' }),
  }))
    sessions[actor] = { cookie: await signIn(t.app, user) };

  const guardian = sessions.caretaker!.cookie!;
  const related = await t.app.inject({
    url: '/api/portal-service/v1/user/related',
    headers: { cookie: guardian },
  });
  const child = related
    .json()
    .find((account: { relation: string }) => account.relation === 'child');
  const switched = await t.app.inject({
    method: 'POST',
    url: `/api/portal-service/v1/user/related/${child.id}/token`,
    headers: { cookie: guardian },
  });
  sessions.caretakerAsChild = { cookie: cookieHeaderFrom(switched.cookies, guardian) };
  const adminCookie = await signIn(t.app, admin);
  const masked = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/token',
    headers: { cookie: adminCookie },
    payload: { type: 'masked', userId: otherStudent.id },
  });
  sessions.maskedAdmin = { cookie: cookieHeaderFrom(masked.cookies, adminCookie) };

  uuids = (await collectKnownValues(t.db)).strings.filter((value) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value),
  );
  journal = await installWriteJournal(t.db);
});
afterAll(() => t.close());

/**
 * One of each kind of record the GET routes read, written through the API as
 * the portal's people write them, so the routes reach real rows by their ids.
 */
async function buildRecords(teacher: TestUser, admin: TestUser, ownClass: TestNode) {
  const asTeacher = await clientFor(t, teacher);
  const asAdmin = await clientFor(t, admin);
  const written = [
    await asAdmin('POST', '/api/core/v1/link', toolBody()),
    await asTeacher('POST', '/api/core/v1/favorite', {
      name: 'Skolverket',
      url: 'https://www.skolverket.se',
    }),
    await asTeacher('POST', '/api/portal-service/v1/favorite', {
      name: 'Min klass',
      nodeIds: [ownClass.id],
    }),
  ];
  for (const response of written) expect(response.statusCode, response.body).toBe(201);
  await buildPost(t, { author: teacher });
  await buildCourse(t, { author: await buildCourseArranger(t) });
  const site = await buildDocumentSite(t, { writers: [teacher.school!] });
  await buildDocument(t, { author: teacher, folderGuid: site.folders.Planering! });
}

/**
 * Reads the audit log records, as the issue asks of the export to the
 * e-archive (decision 0043): each may add its own entry, and nothing else.
 */
const auditedReads: Record<string, string> = { '/api/core/v1/post-export': 'post.exported' };
/** An entry, and its place in the queue to the municipality's log system (decision 0022's trigger). */
const auditTables = ['audit_log', 'audit_export_pending'];

/** A few concrete URLs per route: low ids (every table counts from 1) and real uuids. */
function concreteUrls(route: string): string[] {
  if (!route.includes(':') && !route.includes('*')) return [route];
  return [0, 1, 2].map((variant) =>
    route
      .replace(/:cap\b/, ['search', 'media_upload', 'x'][variant]!)
      .replace(/:(linkId|id)\b(?=\/content|$)/, (match) =>
        route.startsWith('/api/document-repository') ? (uuids[variant] ?? '1') : match,
      )
      .replace(/:[A-Za-z]+/g, String(variant + 1))
      .replace(/\*$/, ['demo.png', '../../package.json', 'finns-inte.png'][variant]!),
  );
}

describe('GET requests', () => {
  it('change nothing, for any route and any kind of user', async () => {
    const routes = listRoutes(t.app).filter(
      (route) =>
        route.method === 'GET' &&
        (route.url.startsWith('/api/') || route.url.startsWith('/media/')) &&
        !route.url.startsWith('/api/docs'),
    );
    expect(routes.length).toBeGreaterThan(40);
    const before = await databaseFingerprint(t.db);
    await journal.since();
    const changed: string[] = [];
    let requests = 0;
    const answered = new Set<string>();
    for (const [actor, headers] of Object.entries(sessions)) {
      for (const route of routes) {
        for (const url of concreteUrls(route.url)) {
          const response = await t.app.inject({ url, headers });
          requests += 1;
          expect(response.statusCode, `${actor} GET ${url}`).toBeLessThan(500);
          if (response.statusCode === 200) answered.add(route.url);
          const audited = auditedReads[route.url];
          const writes = (await journal.since()).filter(
            (write) => !(audited && auditTables.includes(write.table) && write.op === 'INSERT'),
          );
          if (writes.length > 0) changed.push(`${actor} GET ${url}: ${JSON.stringify(writes)}`);
        }
      }
    }
    expect(changed).toEqual([]);
    // The audited reads' own entries aside, every table is as it was.
    const entries = await t.db
      .delete(auditLog)
      .where(inArray(auditLog.action, Object.values(auditedReads)))
      .returning({ id: auditLog.id });
    expect(entries.length).toBeGreaterThan(0);
    expect(await databaseFingerprint(t.db)).toEqual(before);
    // Most routes were reached for real, not only refused.
    expect(
      answered.size,
      `${answered.size} of ${routes.length} routes answered 200`,
    ).toBeGreaterThan(routes.length * 0.6);
    expect(requests).toBeGreaterThan(routes.length * Object.keys(sessions).length);
  }, 300_000);
});
