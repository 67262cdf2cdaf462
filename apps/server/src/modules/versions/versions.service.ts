import {
  postInput,
  postUrl,
  sv,
  urlPrefixByType,
  type PostArchiveItem,
  type VersionResponse,
  type VersionSummary,
} from '@skolportalen/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { categories, nodes } from '../../db/schema';
import type { Actor } from '../../identity/actor';
import type { AuthUser } from '../../identity/auth-user.repo';
import { errors } from '../../http/errors';
import { identityScopeOf } from '../../identity/protected-identity';
import { shownNamesOf } from '../../identity/shown-names';
import { canEditPost, editsEveryPost, canListAll } from '../posts/posts.policy';
import { replacePost, type PostsContext } from '../posts/posts.service';
import {
  findPostVersion,
  latestPostVersion,
  listPostVersions,
  versionInForce,
  type PostVersionRow,
} from '../posts/post-versions.repo';

const t = sv.versions;

/** A version's own facts: who could edit the post as it was then. */
function factsOf(version: PostVersionRow) {
  return {
    type: version.type,
    status: version.status,
    authorId: (version.post.author_id as number | null) ?? null,
    editorIds: version.editorIds,
  };
}

/**
 * Who may read a post's versions (issue 28): whoever may edit the post —
 * judged by its latest version, so also once it is deleted from the portal —
 * and administrators. Each version is shown only to those who could edit it
 * as it was (its author, its editors then) or who edit every post: a version
 * never reaches someone through an editorship it did not have.
 */
function mayReadVersions(user: AuthUser, latest: PostVersionRow) {
  return editsEveryPost(user) || canEditPost(user, factsOf(latest));
}
function mayReadVersion(user: AuthUser, version: PostVersionRow) {
  return editsEveryPost(user) || canEditPost(user, factsOf(version));
}

/** The post's latest version, or 404 for an unknown post or one the user may not edit. */
async function latestFor(db: Executor, user: AuthUser, postId: number) {
  const latest = await latestPostVersion(db, postId);
  if (!latest || !mayReadVersions(user, latest)) throw errors.notFound();
  return latest;
}

async function changedByNames(db: Executor, user: AuthUser, rows: readonly PostVersionRow[]) {
  const ids = rows.map((row) => row.changedBy).filter((id): id is number => id !== null);
  return shownNamesOf(db, await identityScopeOf(db, user), ids);
}

function summaryOf(row: PostVersionRow, names: Map<number, string>): VersionSummary {
  const name = row.changedBy === null ? undefined : names.get(row.changedBy);
  return {
    number: row.number,
    recordedAt: row.recordedAt.toISOString(),
    event: row.event,
    status: row.status,
    title: row.title,
    changedBy: row.changedBy !== null && name !== undefined ? { id: row.changedBy, name } : null,
  };
}

const isoOrNull = (value: unknown) =>
  typeof value === 'string' && value !== '' ? new Date(value).toISOString() : null;

async function namesOf(
  db: Executor,
  table: typeof nodes | typeof categories,
  ids: readonly number[],
) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row.name]));
  // A group or category removed since keeps its place in the record by its id.
  return ids.map((id) => ({ id, name: byId.get(id) ?? `(borttagen, id ${id})` }));
}

async function presentVersion(
  db: Executor,
  user: AuthUser,
  row: PostVersionRow,
): Promise<VersionResponse> {
  const scope = await identityScopeOf(db, user);
  const people = await shownNamesOf(db, scope, [
    ...row.userIds,
    ...row.editorIds,
    ...(row.changedBy === null ? [] : [row.changedBy]),
  ]);
  // People the reader may not see (protected identities) are left out, as in every list.
  const peopleOf = (ids: readonly number[]) =>
    ids.flatMap((id) => (people.has(id) ? [{ id, name: people.get(id)! }] : []));
  const post = row.post;
  return {
    ...summaryOf(row, people),
    postId: row.postId,
    post: {
      type: row.type,
      title: row.title,
      excerpt: String(post.excerpt ?? ''),
      slug: row.slug,
      url: postUrl(row.type, row.slug, urlPrefixByType),
      content: (post.content as VersionResponse['post']['content']) ?? [],
      publishedDate: isoOrNull(post.published_date),
      unpublishedDate: isoOrNull(post.unpublished_date),
      authoredDate: isoOrNull(post.authored_date),
      authorId: (post.author_id as number | null) ?? null,
      pseudoAuthor: (post.pseudo_author as string | null) ?? null,
      allowComments: Boolean(post.allow_comments),
      requiresAcknowledgement: Boolean(post.requires_acknowledgement),
      acknowledgeBy: isoOrNull(post.acknowledge_by),
    },
    audience: {
      nodes: await namesOf(db, nodes, row.nodeIds),
      categories: await namesOf(db, categories, row.categoryIds),
      users: peopleOf(row.userIds),
      editors: peopleOf(row.editorIds),
    },
  };
}

export async function listVersions(
  db: Executor,
  user: AuthUser,
  postId: number,
  page: { page: number; perPage: number },
) {
  await latestFor(db, user, postId);
  const { rows, total } = await listPostVersions(db, postId, {
    offset: (page.page - 1) * page.perPage,
    limit: page.perPage,
  });
  const shown = rows.filter((row) => mayReadVersion(user, row));
  const names = await changedByNames(db, user, shown);
  // Versions from before the reader's editorship are not theirs to see, nor to count.
  const hidden = editsEveryPost(user) ? 0 : await hiddenCount(db, user, postId);
  return { items: shown.map((row) => summaryOf(row, names)), total: total - hidden };
}

async function hiddenCount(db: Executor, user: AuthUser, postId: number) {
  const [row] = await rowsOf<{ hidden: number }>(
    db,
    sql`select count(*)::int as hidden from post_versions
        where post_id = ${postId}
          and (post->>'author_id') is distinct from ${String(user.id)}
          and not (${user.id} = any(editor_ids))`,
  );
  return Number(row?.hidden ?? 0);
}

export async function getVersion(db: Executor, user: AuthUser, postId: number, number: number) {
  await latestFor(db, user, postId);
  const row = await findPostVersion(db, postId, number);
  if (!row || !mayReadVersion(user, row)) throw errors.notFound(t.versionNotFound);
  return presentVersion(db, user, row);
}

/**
 * What readers were shown at `at`: the version in force then, if it was
 * published and not past its unpublishing time; else 404 "Inte publicerad vid
 * den tidpunkten".
 */
export async function asPublished(db: Executor, user: AuthUser, postId: number, at: Date) {
  await latestFor(db, user, postId);
  const row = await versionInForce(db, postId, at);
  const unpublishAt = isoOrNull(row?.post.unpublished_date);
  const shown =
    row !== undefined &&
    row.status === 'publish' &&
    (unpublishAt === null || Date.parse(unpublishAt) > at.getTime());
  if (!shown) throw errors.notFound(t.notPublishedAt);
  if (!mayReadVersion(user, row)) throw errors.notFound(t.notPublishedAt);
  return presentVersion(db, user, row);
}

/**
 * Restores a version as a new draft of the post: its texts, blocks, dates
 * and audience through the ordinary write (its rules and rights), with the
 * status draft and no mail. The history only grows.
 */
export async function restoreVersion(
  ctx: PostsContext,
  actor: Actor,
  postId: number,
  number: number,
): Promise<number> {
  await latestFor(ctx.db, actor.user, postId);
  const row = await findPostVersion(ctx.db, postId, number);
  if (!row || !mayReadVersion(actor.user, row)) throw errors.notFound(t.versionNotFound);
  const post = row.post;
  const values = postInput.safeParse({
    type: row.type,
    title: row.title,
    excerpt: post.excerpt ?? '',
    content: post.content ?? [],
    slug: row.slug,
    status: 'draft',
    parentId: post.parent_id ?? 0,
    pseudoAuthor: post.pseudo_author ?? null,
    allowComments: post.allow_comments ?? true,
    publishedDate: isoOrNull(post.published_date),
    unpublishedDate: isoOrNull(post.unpublished_date),
    authoredDate: isoOrNull(post.authored_date),
    sendNotification: false,
    blurbs: post.blurbs ?? [],
    info: post.info ?? [],
    contact: post.contact ?? null,
    mediaId: post.media_id ?? null,
    mediaIds: post.media_ids ?? [],
    userIds: row.userIds,
    categoryIds: row.categoryIds,
    nodeIds: row.nodeIds,
    courseNodeIds: post.course_node_ids ?? [],
    editorIds: row.editorIds,
    pagePlacement: post.page_placement ?? 'none',
    courseDate: post.course_date ?? null,
    course: post.course ?? null,
    requiresAcknowledgement: post.requires_acknowledgement ?? false,
    acknowledgeBy: isoOrNull(post.acknowledge_by),
    acknowledgement: post.acknowledgement ?? 'each-reader',
    reminderHoursBefore: post.reminder_hours_before ?? undefined,
  });
  if (!values.success) {
    throw errors.validation(
      values.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: issue.message,
      })),
    );
  }
  return replacePost(ctx, actor, String(postId), values.data, number);
}

/** Any post by title, slug or address, deleted ones too: for administrators (as published on). */
export async function searchArchive(
  db: Executor,
  user: AuthUser,
  query: { search: string; page: number; perPage: number },
): Promise<{ items: PostArchiveItem[]; total: number }> {
  if (!editsEveryPost(user) && !canListAll(user)) throw errors.forbidden();
  // An address such as https://…/nyhet/utflykt or /nyhet/utflykt finds its slug.
  const slug =
    query.search
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .at(-1) ?? '';
  const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await rowsOf<{
    post_id: number;
    type: PostArchiveItem['type'];
    title: string;
    slug: string;
    status: PostArchiveItem['status'];
    deleted: boolean;
    versions: number;
    first_at: Date;
    last_at: Date;
    total: number;
  }>(
    db,
    sql`
    with matching as (
      select distinct post_id from post_versions
      where title ilike ${pattern} or slug = ${slug} or slug ilike ${pattern}
    ),
    latest as (
      select distinct on (v.post_id) v.post_id, v.type, v.title, v.slug, v.status, v.event
      from post_versions v join matching m on m.post_id = v.post_id
      order by v.post_id, v.number desc
    )
    select l.post_id, l.type, l.title, l.slug, l.status,
      not exists (select 1 from posts p where p.id = l.post_id) as deleted,
      (select count(*)::int from post_versions v where v.post_id = l.post_id) as versions,
      (select min(recorded_at) from post_versions v where v.post_id = l.post_id) as first_at,
      (select max(recorded_at) from post_versions v where v.post_id = l.post_id) as last_at,
      count(*) over ()::int as total
    from latest l
    order by last_at desc, l.post_id desc
    offset ${(query.page - 1) * query.perPage} limit ${query.perPage}`,
  );
  return {
    items: rows.map((row) => ({
      postId: Number(row.post_id),
      type: row.type,
      title: row.title,
      slug: row.slug,
      url: postUrl(row.type, row.slug, urlPrefixByType),
      status: row.status,
      deleted: Boolean(row.deleted),
      versions: Number(row.versions),
      firstRecordedAt: new Date(row.first_at).toISOString(),
      lastRecordedAt: new Date(row.last_at).toISOString(),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}
