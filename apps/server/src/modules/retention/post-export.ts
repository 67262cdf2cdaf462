import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { postUrl, urlPrefixByType, type PostExportQuery } from '@skolportalen/shared';
import { and, asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { categories, nodes, postVersions } from '../../db/schema';
import type { Actor } from '../../identity/actor';
import { identityScopeOf, type IdentityScope } from '../../identity/protected-identity';
import { shownNamesOf } from '../../identity/shown-names';
import { recordAudit } from '../audit/audit.repo';
import { htmlSanitizer } from '../posts/post-content';
import type { PostVersionRow } from '../posts/post-versions.repo';
import {
  renderIndexPage,
  renderVersionPage,
  type ArchivedPostEntry,
  type ArchivedVersion,
  type Named,
} from './archive-html';

export interface ExportContext {
  db: Database;
  siteOrigin: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Posts read and written to the archive at a time. */
const pageSize = 100;

const stockholmDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' });

/** A day's start in Swedish time; `to` counts its whole day. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Stockholm'`;
const dayAfter = (day: string) =>
  sql`((${day}::date + 1)::timestamp) at time zone 'Europe/Stockholm'`;

function recordedWithin(query: PostExportQuery, column: SQL | typeof postVersions.recordedAt) {
  return [
    query.from ? sql`${column} >= ${dayStart(query.from)}` : undefined,
    query.to ? sql`${column} < ${dayAfter(query.to)}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
}

interface LatestRow {
  post_id: number;
  type: ArchivedVersion['type'];
  title: string;
  slug: string;
  status: ArchivedVersion['status'];
  post: Record<string, unknown>;
  node_ids: number[];
  category_ids: number[];
  user_ids: number[];
  editor_ids: number[];
  first_at: Date;
  last_at: Date;
  in_portal: boolean;
}

/**
 * The next page of posts after `after`: those whose latest version is of the
 * asked type, with a version recorded within the days asked, deleted ones too.
 */
async function nextPosts(db: Executor, query: PostExportQuery, after: number) {
  const within = recordedWithin(query, sql`w.recorded_at`);
  return rowsOf<LatestRow>(
    db,
    sql`
    with latest as (
      select distinct on (v.post_id) v.post_id, v.type, v.title, v.slug, v.status, v.post,
        v.node_ids, v.category_ids, v.user_ids, v.editor_ids
      from post_versions v where v.post_id > ${after}
      order by v.post_id, v.number desc
    )
    select l.*,
      (select min(recorded_at) from post_versions f where f.post_id = l.post_id) as first_at,
      (select max(recorded_at) from post_versions f where f.post_id = l.post_id) as last_at,
      exists (select 1 from posts p where p.id = l.post_id) as in_portal
    from latest l
    where ${query.type ? sql`l.type = ${query.type}` : sql`true`}
      ${
        within.length
          ? sql`and exists (select 1 from post_versions w where w.post_id = l.post_id and ${sql.join(within, sql` and `)})`
          : sql``
      }
    order by l.post_id
    limit ${pageSize}`,
  );
}

async function groupNames(
  db: Executor,
  table: typeof nodes | typeof categories,
  ids: Iterable<number>,
): Promise<Map<number, string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, list));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The names a page of posts and versions mentions, looked up once for the page. */
async function namesFor(
  db: Executor,
  scope: IdentityScope,
  rows: readonly { node_ids: number[]; category_ids: number[]; people: number[] }[],
) {
  const [nodeNames, categoryNames, people] = await Promise.all([
    groupNames(
      db,
      nodes,
      rows.flatMap((row) => row.node_ids),
    ),
    groupNames(
      db,
      categories,
      rows.flatMap((row) => row.category_ids),
    ),
    shownNamesOf(
      db,
      scope,
      rows.flatMap((row) => row.people),
    ),
  ]);
  // Whatever was removed since keeps its place in the record by its id.
  const named =
    (names: Map<number, string>) =>
    (ids: readonly number[]): Named[] =>
      ids.map((id) => ({ id, name: names.get(id) ?? `(borttagen, id ${id})` }));
  return { nodes: named(nodeNames), categories: named(categoryNames), people: named(people) };
}

const authorOf = (post: Record<string, unknown>) =>
  typeof post.author_id === 'number' ? post.author_id : null;

/** A slug as a folder name: what a file system anywhere takes, at most 60 characters. */
const folderOf = (postId: number, slug: string) =>
  `posts/${postId}-${
    slug
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'inlagg'
  }`;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: unknown) =>
  typeof value === 'string' && value !== '' ? new Date(value).toISOString() : null;

/**
 * Writes the archive into `zip`, a page of posts at a time: for each post its
 * metadata (post.json) and each version as JSON and as a page of HTML; the
 * index last, listing exactly what the archive holds.
 */
async function writeArchive(
  ctx: ExportContext,
  scope: IdentityScope,
  query: PostExportQuery,
  exportedAt: Date,
  add: (name: string, text: string) => Promise<boolean>,
) {
  const sanitize = await htmlSanitizer(ctx.siteOrigin);
  const entries: ArchivedPostEntry[] = [];
  for (let after = 0; ;) {
    const posts = await nextPosts(ctx.db, query, after);
    if (posts.length === 0) break;
    after = Number(posts.at(-1)!.post_id);
    const ids = posts.map((row) => Number(row.post_id));
    const versions: PostVersionRow[] = await ctx.db
      .select()
      .from(postVersions)
      .where(
        and(inArray(postVersions.postId, ids), ...recordedWithin(query, postVersions.recordedAt)),
      )
      .orderBy(asc(postVersions.postId), asc(postVersions.number));
    const names = await namesFor(ctx.db, scope, [
      ...posts.map((row) => ({
        node_ids: row.node_ids,
        category_ids: row.category_ids,
        people: [
          ...row.user_ids,
          ...row.editor_ids,
          ...(authorOf(row.post) === null ? [] : [authorOf(row.post)!]),
        ],
      })),
      ...versions.map((row) => ({
        node_ids: row.nodeIds,
        category_ids: row.categoryIds,
        people: [
          ...row.userIds,
          ...row.editorIds,
          ...(row.changedBy === null ? [] : [row.changedBy]),
        ],
      })),
    ]);
    for (const latest of posts) {
      const postId = Number(latest.post_id);
      const own = versions.filter((row) => row.postId === postId);
      const folder = folderOf(postId, latest.slug);
      const authorId = authorOf(latest.post);
      const metadata = {
        id: postId,
        type: latest.type,
        title: latest.title,
        slug: latest.slug,
        url: postUrl(latest.type, latest.slug, urlPrefixByType),
        status: latest.status,
        deletedFromPortal: !latest.in_portal,
        author: authorId === null ? null : names.people([authorId])[0]!,
        pseudoAuthor: (latest.post.pseudo_author as string | null) ?? null,
        firstRecordedAt: iso(latest.first_at),
        lastRecordedAt: iso(latest.last_at),
        publishedDate: isoOrNull(latest.post.published_date),
        unpublishedDate: isoOrNull(latest.post.unpublished_date),
        authoredDate: isoOrNull(latest.post.authored_date),
        audience: {
          nodes: names.nodes(latest.node_ids),
          categories: names.categories(latest.category_ids),
          users: names.people(latest.user_ids),
        },
        editors: names.people(latest.editor_ids),
        versions: own.map((row) => ({
          number: row.number,
          recordedAt: row.recordedAt.toISOString(),
          event: row.event,
          status: row.status,
          title: row.title,
          file: `versions/${row.number}.json`,
          page: `versions/${row.number}.html`,
        })),
      };
      await add(`${folder}/post.json`, JSON.stringify(metadata, null, 2));
      for (const row of own) {
        const version: ArchivedVersion = {
          postId,
          number: row.number,
          recordedAt: row.recordedAt.toISOString(),
          event: row.event,
          type: row.type,
          status: row.status,
          title: row.title,
          slug: row.slug,
          url: postUrl(row.type, row.slug, urlPrefixByType),
          changedBy: row.changedBy === null ? null : names.people([row.changedBy])[0]!,
          post: row.post,
          audience: {
            nodes: names.nodes(row.nodeIds),
            categories: names.categories(row.categoryIds),
            users: names.people(row.userIds),
            editors: names.people(row.editorIds),
          },
        };
        const json = {
          ...version,
          nodeIds: row.nodeIds,
          categoryIds: row.categoryIds,
          userIds: row.userIds,
          editorIds: row.editorIds,
        };
        await add(`${folder}/versions/${row.number}.json`, JSON.stringify(json, null, 2));
        const alive = await add(
          `${folder}/versions/${row.number}.html`,
          renderVersionPage(version, sanitize, ctx.siteOrigin),
        );
        if (!alive) return;
      }
      entries.push({
        id: postId,
        type: latest.type,
        title: latest.title,
        folder,
        deleted: !latest.in_portal,
        versions: own.map((row) => row.number),
      });
    }
  }
  const index = { exportedAt: exportedAt.toISOString(), filter: query, posts: entries };
  await add('index.json', JSON.stringify(index, null, 2));
  await add('index.html', renderIndexPage(entries, exportedAt));
}

/**
 * GET /post-export (decision 0043): every post, deleted ones too, with every
 * version, as a ZIP for the municipality's e-archive, streamed as it is
 * written so its size never sits in memory. The export is audited before the
 * first byte goes.
 */
export async function exportPosts(
  ctx: ExportContext,
  actor: Actor,
  query: PostExportQuery,
): Promise<{ stream: Readable; filename: string }> {
  const exportedAt = ctx.now();
  await recordAudit(ctx.db, {
    actorUserId: actor.user.id,
    realUserId: actor.realUserId,
    action: 'post.exported',
    entityType: 'post',
    after: { filter: query },
    requestId: actor.requestId,
  });
  const scope = await identityScopeOf(ctx.db, actor.user);
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  /** Adds a file; waits while the reader is behind. False once the reader has gone. */
  const add = async (name: string, text: string) => {
    if (out.destroyed) return false;
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = exportedAt;
    zip.add(file);
    file.push(strToU8(text), true);
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    return !out.destroyed;
  };
  writeArchive(ctx, scope, query, exportedAt, add)
    .then(() => {
      if (!out.destroyed) zip.end();
    })
    .catch((error: unknown) => {
      ctx.log.error({ err: error }, 'post export failed');
      out.destroy(error as Error);
    });
  return {
    stream: out,
    filename: `skolportalen-arkiv-${stockholmDay.format(exportedAt)}.zip`,
  };
}
