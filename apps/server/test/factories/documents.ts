import { randomUUID } from 'node:crypto';
import { documentNodes, documentSiteAccess, documentSites } from '../../src/db/schema';
import type { TestContext } from '../harness';
import { multipartBody } from '../multipart';
import { bearerClientOf } from './sign-in';
import type { TestNode } from './nodes';
import type { TestUser } from './users';

/** A document site as the factories made it: the guids its folders are reached by. */
export interface TestDocumentSite {
  id: number;
  key: string;
  title: string;
  /** The site's root folder. */
  rootGuid: string;
  /** Guids of the folders right under the root, by name. */
  folders: Record<string, string>;
}

export interface DocumentSiteOptions {
  /** Groups whose members (and those of groups below) read the site and write in it. */
  writers?: TestNode[];
  /** Categories (e.g. a role category) whose holders only read the site. */
  readerCategoryIds?: number[];
  title?: string;
  /** Folders right under the root (default: one, "Planering"). */
  folders?: string[];
}

let made = 0;

/**
 * A document site of the built-in repository, written as the demo's sites are
 * (no API makes sites): its access rules, its root folder and the folders under it.
 */
export async function buildDocumentSite(
  t: Pick<TestContext, 'db'>,
  options: DocumentSiteOptions = {},
): Promise<TestDocumentSite> {
  made += 1;
  const key = `testsajt-${made}-${process.pid}`;
  const title = options.title ?? `Testsajt ${made}`;
  const access = [
    ...(options.writers ?? []).map((group) => ({ nodeId: group.id, canWrite: true })),
    ...(options.readerCategoryIds ?? []).map((categoryId) => ({ categoryId, canWrite: false })),
  ];
  return t.db.transaction(async (tx) => {
    const [site] = await tx
      .insert(documentSites)
      .values({ key, title })
      .returning({ id: documentSites.id });
    const siteId = site!.id;
    if (access.length) {
      await tx.insert(documentSiteAccess).values(access.map((rule) => ({ siteId, ...rule })));
    }
    const rootGuid = randomUUID();
    const [root] = await tx
      .insert(documentNodes)
      .values({ siteId, guid: rootGuid, kind: 'folder', name: title })
      .returning({ id: documentNodes.id });
    const folders: Record<string, string> = {};
    for (const name of options.folders ?? ['Planering']) {
      folders[name] = randomUUID();
      await tx
        .insert(documentNodes)
        .values({ siteId, guid: folders[name], parentId: root!.id, kind: 'folder', name });
    }
    return { id: siteId, key, title, rootGuid, folders };
  });
}

/**
 * A document uploaded by `author` into the folder `folderGuid` through the
 * API, as a person uploads one: it passes the same rules and lands in the
 * configured storage. Answers with the new document's guid.
 */
export async function buildDocument(
  t: Pick<TestContext, 'app' | 'db'>,
  options: {
    author: TestUser;
    folderGuid: string;
    name?: string;
    /** Text, or the file's bytes (a PDF, a picture): the server tells the type from them. */
    content?: string | Buffer;
  },
): Promise<string> {
  made += 1;
  const call = await bearerClientOf(t, options.author);
  const form = multipartBody([
    {
      name: 'filedata',
      fileName: options.name ?? `Testdokument ${made}.txt`,
      data: Buffer.isBuffer(options.content)
        ? options.content
        : Buffer.from(options.content ?? 'Ett dokument som bara finns i testerna.\n'),
      contentType: 'text/plain',
    },
  ]);
  const response = await call(
    'POST',
    `/api/document-repository/v1/node/${options.folderGuid}`,
    form.payload,
    form.headers,
  );
  if (response.statusCode !== 201) {
    throw new Error(
      `buildDocument by ${options.author.username}: ${response.statusCode} ${response.body}`,
    );
  }
  return (response.json() as { entry: { id: string } }).entry.id;
}
