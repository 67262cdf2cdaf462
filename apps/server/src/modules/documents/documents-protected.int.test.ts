import { protectedIdentityName, type DocumentNode } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocument, buildDocumentSite, fullName } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  buildOnlookers,
  buildProtectedCast,
  clientsOf,
  expectNoTraceOf,
  type Onlookers,
  type ProtectedCast,
} from '../../../test/protected-people';

/**
 * Documents made by people with a protected identity (decision 0039): to a
 * reader who may not see them the uploader reads "Skyddad identitet" with no
 * username, in a folder's listing and on the document itself.
 */
let t: TestContext;
let cast: ProtectedCast;
let onlookers: Onlookers;
let folder: string;
let hiddenDocument: string;
let call: Awaited<ReturnType<typeof clientsOf<string>>>;
const nodeUrl = (guid: string) => `/api/document-repository/v1/node/${guid}`;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  cast = await buildProtectedCast(t);
  onlookers = await buildOnlookers(t, cast);
  const site = await buildDocumentSite(t, { writers: [cast.school] });
  folder = site.folders.Planering!;
  hiddenDocument = await buildDocument(t, {
    author: cast.markedTeacher,
    folderGuid: folder,
    name: 'Planering vecka 12.txt',
  });
  await buildDocument(t, { author: onlookers.teacher, folderGuid: folder, name: 'Schema.txt' });
  call = await clientsOf(t, {
    teacher: onlookers.teacher,
    markedTeacher: cast.markedTeacher,
    rektor: onlookers.rektor,
    admin: onlookers.admin,
  });
});
afterAll(() => t?.close());

interface Listing {
  list: { entries: { entry: DocumentNode }[] };
}
const madeBy = async (who: string) => {
  const response = await call[who]!('GET', nodeUrl(folder));
  expect(response.statusCode, response.body).toBe(200);
  const entries = (response.json() as Listing).list.entries.map((item) => item.entry);
  return { response, byName: new Map(entries.map((entry) => [entry.name, entry])) };
};

describe('documents uploaded by a teacher with a sekretessmarkering', () => {
  it('read "Skyddad identitet" as uploader to a colleague, with no username', async () => {
    const { response, byName } = await madeBy('teacher');
    expectNoTraceOf(response, [cast.markedTeacher]);
    expect(byName.get('Planering vecka 12.txt')).toMatchObject({
      createdByUser: { id: '', displayName: protectedIdentityName },
      modifiedByUser: { id: '', displayName: protectedIdentityName },
    });
    expect(byName.get('Schema.txt')?.createdByUser).toEqual({
      id: onlookers.teacher.username,
      displayName: fullName(onlookers.teacher),
    });
    const single = await call.teacher!('GET', nodeUrl(hiddenDocument));
    expect(single.statusCode, single.body).toBe(200);
    expectNoTraceOf(single, [cast.markedTeacher]);
  });

  it('name her to herself, the school’s rektor and an administrator', async () => {
    for (const who of ['markedTeacher', 'rektor', 'admin']) {
      const { byName } = await madeBy(who);
      expect(byName.get('Planering vecka 12.txt')?.createdByUser, who).toEqual({
        id: cast.markedTeacher.username,
        displayName: fullName(cast.markedTeacher),
      });
    }
  });
});
