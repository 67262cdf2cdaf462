import type { blockTree } from '@skolportalen/shared';
import { sv, type Block, type z } from '@skolportalen/shared';
import type { Actor } from '../../identity/actor';
import { authorize, can } from '../../identity/authorize';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import { setMediaUsages } from '../media/media-usages.repo';
import {
  blockMediaFilenames,
  blockSearchText,
  htmlSanitizer,
  sanitizeBlocks,
  videoProblems,
} from './post-content';
import {
  addTargets,
  existingIds,
  markRead,
  mediaIdsByFilename,
  refreshFeed,
  removeTargets,
  updatePostRow,
} from './post-writes.repo';
import { isPublishing, postsPolicy } from './posts.policy';
import { loadTargets, type PostTargets } from './posts.repo';
import { recordPostVersions, versionEventOf } from './post-versions.repo';
import { publishingProblems } from './post-values';
import {
  assertMayTarget,
  auditValues,
  inTransaction,
  postForWrite,
  type PostsContext,
  decidePublishing,
} from './posts.service';

const c = sv.content.validation;
const m = sv.validation;

export type TargetKind = 'nodes' | 'categories' | 'users';

const kindInfo = {
  nodes: { field: 'nodeIds', lookup: 'groups', unknown: c.unknownGroups },
  categories: { field: 'categoryIds', lookup: 'categories', unknown: c.unknownCategories },
  users: { field: 'userIds', lookup: 'users', unknown: c.unknownUsers },
} as const;

/**
 * POST|DELETE /post/{id}/node, /category, /user: targeting is a publishing
 * setting, so only the original editor changes it; a published post keeps
 * at least one group and one category.
 */
export async function changeTargets(
  ctx: PostsContext,
  actor: Actor,
  key: string,
  kind: TargetKind,
  values: readonly number[],
  change: 'add' | 'remove',
): Promise<Omit<PostTargets, 'editorIds' | 'mediaIds'>> {
  const info = kindInfo[kind];
  return inTransaction(ctx, async (tx) => {
    const stored = await postForWrite(tx, actor, key);
    const facts = { ...stored.row, editorIds: stored.editorIds };
    authorize(actor.user, postsPolicy.changeRestricted, facts);
    if (change === 'add') {
      const found = await existingIds(tx, info.lookup, values);
      if (values.some((value) => !found.has(value))) {
        throw errors.validation([{ field: info.field, message: info.unknown }]);
      }
      if (kind === 'nodes') {
        const row = stored.row;
        await assertMayTarget(
          tx,
          actor,
          {
            // A post waiting for approval is aimed as the published post it is to become.
            status: row.status === 'pending' ? 'publish' : row.status,
            publishedDate: row.publishedDate?.toISOString() ?? null,
            nodeIds: [...new Set([...stored.nodeIds, ...values])],
            sendNotification: row.sendNotification,
          },
          stored,
          ctx.now(),
        );
      }
      await addTargets(tx, stored.row.id, kind, values);
    } else {
      await removeTargets(tx, stored.row.id, kind, values);
    }
    const after = await loadTargets(tx, stored.row.id);
    if (isPublishing(stored.row.status) && kind !== 'users' && after[info.field].length === 0) {
      throw errors.validation([
        { field: info.field, message: kind === 'nodes' ? m.publishGroup : m.atLeastOne },
      ]);
    }
    const touched = await updatePostRow(tx, stored.row.id, {});
    await refreshFeed(tx, [touched.id]);
    // A published post aimed anew may need approval again (issue 29).
    const { row, decision } = await decidePublishing(
      ctx,
      tx,
      actor,
      touched,
      after.nodeIds,
      stored.row.status,
      ctx.now(),
    );
    const versions = await recordPostVersions(tx, [row.id], {
      at: ctx.now(),
      by: actor.user.id,
      event: versionEventOf(stored.row.status, row.status),
    });
    await decision.recorded(tx, versions.get(row.id)!);
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'post.targets',
      entityType: 'post',
      entityId: row.id,
      before: auditValues(stored.row, stored),
      after: auditValues(row, after),
      requestId: actor.requestId,
    });
    return { nodeIds: after.nodeIds, categoryIds: after.categoryIds, userIds: after.userIds };
  });
}

export async function recordRead(ctx: PostsContext, postId: number, userId: number) {
  const readAt = await markRead(ctx.db, postId, userId, ctx.now());
  return { postId, isRead: true as const, readAt: readAt.toISOString() };
}

export interface EditorDocumentValue {
  postId: number;
  version: number;
  restricted: boolean;
  content: Block[];
}

/** GET /editor/{id}: the page-builder document of a post its editors may open. */
export async function openEditorDocument(
  ctx: PostsContext,
  actor: Actor,
  key: string,
): Promise<EditorDocumentValue> {
  return ctx.db.transaction(async (tx) => {
    const stored = await postForWrite(tx, actor, key);
    const facts = { ...stored.row, editorIds: stored.editorIds };
    authorize(actor.user, postsPolicy.openEditor, facts);
    return {
      postId: stored.row.id,
      version: stored.row.version,
      restricted: !can(actor.user, postsPolicy.changeRestricted, facts),
      content: stored.row.content,
    };
  });
}

/** PUT /editor/{id}: saves the tree if nobody saved since `version` was read (else 409). */
export async function saveEditorDocument(
  ctx: PostsContext,
  actor: Actor,
  key: string,
  body: { version: number; content: z.output<typeof blockTree> },
): Promise<EditorDocumentValue> {
  return inTransaction(ctx, async (tx) => {
    const stored = await postForWrite(tx, actor, key);
    const facts = { ...stored.row, editorIds: stored.editorIds };
    authorize(actor.user, postsPolicy.saveEditor, facts);
    if (body.version !== stored.row.version) throw errors.conflict(c.editConflict);
    const videos = videoProblems(body.content, ctx.videoEmbedOrigins);
    if (videos.length) throw errors.validation(videos);
    const content = sanitizeBlocks(body.content, await htmlSanitizer(ctx.siteOrigin));
    // A published post's text keeps to what publishing asks (issue 29).
    if (isPublishing(stored.row.status) || stored.row.status === 'pending') {
      const blocking = publishingProblems(content);
      if (blocking.length) throw errors.validation(blocking);
    }
    const blockMedia = await mediaIdsByFilename(tx, blockMediaFilenames(content));
    const saved = await updatePostRow(tx, stored.row.id, {
      content,
      searchText: blockSearchText(content),
      version: stored.row.version + 1,
    });
    // A published post whose text changed may need approval again (issue 29).
    const { row, decision } = await decidePublishing(
      ctx,
      tx,
      actor,
      saved,
      stored.nodeIds,
      stored.row.status,
      ctx.now(),
    );
    const used = [
      ...new Set([
        ...(row.mediaId === null ? [] : [row.mediaId]),
        ...stored.mediaIds,
        ...blockMedia,
      ]),
    ];
    await setMediaUsages(tx, { type: 'post', id: row.id }, used);
    const versions = await recordPostVersions(tx, [row.id], {
      at: ctx.now(),
      by: actor.user.id,
      event: versionEventOf(stored.row.status, row.status),
    });
    await decision.recorded(tx, versions.get(row.id)!);
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'post.content',
      entityType: 'post',
      entityId: row.id,
      before: { version: stored.row.version },
      after: { version: row.version },
      requestId: actor.requestId,
    });
    return {
      postId: row.id,
      version: row.version,
      restricted: !can(actor.user, postsPolicy.changeRestricted, facts),
      content,
    };
  });
}
