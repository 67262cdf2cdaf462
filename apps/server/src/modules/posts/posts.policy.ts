import {
  hasCapability,
  sv,
  type CapabilityKey,
  type PostStatus,
  type PostType,
  type RestrictedPostField,
} from '@skolportalen/shared';
import type { AuthUser } from '../../identity/auth-user.repo';
import { can, canFlags, rule } from '../../identity/authorize';

/** What the policy needs to know about a stored post. */
export interface PostAccessFacts {
  type: PostType;
  status: PostStatus;
  authorId: number | null;
  editorIds: readonly number[];
}

const has = (user: AuthUser, key: CapabilityKey) => hasCapability(user.capabilities, key);

/** Sees every post whatever its audience or status (spec §7 GetPostsAll). */
export function canListAll(user: AuthUser): boolean {
  return has(user, 'post_list_all');
}

export function canCreatePost(user: AuthUser): boolean {
  return has(user, 'create_post');
}

export function isAuthor(user: AuthUser, post: Pick<PostAccessFacts, 'authorId'>): boolean {
  return post.authorId !== null && post.authorId === user.id;
}

export function isAssignedEditor(user: AuthUser, post: Pick<PostAccessFacts, 'editorIds'>) {
  return post.editorIds.includes(user.id);
}

/** edit_all_posts: an original editor of every post. */
export function editsEveryPost(user: AuthUser): boolean {
  return has(user, 'edit_all_posts');
}

/**
 * The original editor (decision 0010): the author, or a holder of
 * edit_all_posts. Only they change the restricted publishing fields.
 */
export function isOriginalEditor(user: AuthUser, post: Pick<PostAccessFacts, 'authorId'>) {
  return isAuthor(user, post) || editsEveryPost(user);
}

/** Author, assigned editor or edit_all_posts may change the post's content. */
export function canEditPost(user: AuthUser, post: PostAccessFacts): boolean {
  return isOriginalEditor(user, post) || isAssignedEditor(user, post);
}

/** delete_post for one's own posts, delete_all_posts for anyone's. */
export function canDeletePost(user: AuthUser, post: PostAccessFacts): boolean {
  if (has(user, 'delete_all_posts')) return true;
  return isAuthor(user, post) && has(user, 'delete_post');
}

/** Crisis alerts reach everyone at once: they need their own right. */
export function mayPublishType(user: AuthUser, type: PostType): boolean {
  return type !== 'alert' || has(user, 'create_alert');
}

/** May set status publish or future on a post of this type. */
export function mayPublish(user: AuthUser, type: PostType): boolean {
  return has(user, 'publish_post') && mayPublishType(user, type);
}

export function canPublishPost(user: AuthUser, post: PostAccessFacts): boolean {
  return isOriginalEditor(user, post) && mayPublish(user, post.type);
}

/**
 * The page-builder document: opening and saving it follow the post's edit
 * rule; an administrator can take either away with an explicit `false` for
 * editor_get / editor_edit (spec §6: a list passes unless a key is denied).
 */
export function canOpenEditor(user: AuthUser, post: PostAccessFacts): boolean {
  return canEditPost(user, post) && hasCapability(user.capabilities, ['editor_get']);
}

export function canSaveEditor(user: AuthUser, post: PostAccessFacts): boolean {
  return canEditPost(user, post) && hasCapability(user.capabilities, ['editor_edit']);
}

export function isPublishing(status: PostStatus): boolean {
  return status === 'publish' || status === 'future';
}

/** What the must-read report's rule needs to know besides the post's facts. */
export interface AcknowledgementReportFacts extends PostAccessFacts {
  /** The post reaches a school unit the actor belongs to (for a rektor). */
  reachesOwnSchool: boolean;
}

/**
 * Who confirmed a must-read post (decision 0040): its author and editors,
 * the rektor of a school it reaches, and administrators.
 */
export function canReadAcknowledgements(user: AuthUser, post: AcknowledgementReportFacts) {
  return (
    user.isAdmin || canEditPost(user, post) || (user.isSchoolResponsible && post.reachesOwnSchool)
  );
}

/** Another user's post list: their own, or user_list (administrators, school responsible). */
export function canReadUserPosts(user: AuthUser, targetUserId: number): boolean {
  return user.id === targetUserId || has(user, 'user_list') || user.isAdmin;
}

const c = sv.content.validation;

/**
 * How far the actor reaches (decision 0028), loaded by `post-scope.ts`:
 * everywhere, or the groups in `nodeIds`.
 */
export type TargetScope = { kind: 'all' } | { kind: 'groups'; nodeIds: ReadonlySet<number> };

export function withinScope(scope: TargetScope, nodeIds: readonly number[]): boolean {
  if (scope.kind === 'all') return true;
  return nodeIds.every((nodeId) => scope.nodeIds.has(nodeId));
}

/** Groups a write aims at, with how far the actor may aim (or e-mail). */
export interface Aim {
  scope: TargetScope;
  nodeIds: readonly number[];
}

/** The restricted fields (decision 0010) a write to a post would change. */
export interface RestrictedChange {
  post: PostAccessFacts;
  changed: readonly RestrictedPostField[];
}

/** The posts module's rules (spec §6 group "post"), for `authorize`, `can` and `canFlags`. */
export const postsPolicy = {
  /** GetPostsAll, and every post whatever its audience or status. */
  listAll: rule(canListAll),
  create: rule(canCreatePost),
  edit: rule(canEditPost),
  delete: rule(canDeletePost),
  publish: rule(canPublishPost),
  /**
   * Publishing (status publish or future) a post of this type; a crisis
   * alert needs create_alert, and the refusal says which right is missing.
   */
  publishType: rule<PostType>(mayPublish, (user, type) => ({
    message: mayPublishType(user, type) ? c.publishNotAllowed : c.alertNotAllowed,
  })),
  /**
   * The publishing settings (targets, dates, status …) are the original
   * editor's; an assigned editor is told so, anyone else gets the generic refusal.
   */
  changeRestricted: rule<PostAccessFacts>(isOriginalEditor, (user, post) =>
    isAssignedEditor(user, post) ? { message: c.notOriginalEditor } : undefined,
  ),
  /** A write that leaves the restricted fields as stored is any editor's. */
  writeRestricted: rule<RestrictedChange>(
    (user, { post, changed }) => changed.length === 0 || isOriginalEditor(user, post),
    { message: c.notOriginalEditor },
  ),
  openEditor: rule(canOpenEditor),
  saveEditor: rule(canSaveEditor),
  readUserPosts: rule(canReadUserPosts),
  readAcknowledgements: rule(canReadAcknowledgements),
  /** Aims beyond one's own schools: publish_all_groups (administrators, communicators). */
  targetAllGroups: rule((user) => has(user, 'publish_all_groups')),
  /** E-mails an audience beyond one's own schools: send_notification. */
  notifyAllGroups: rule((user) => has(user, 'send_notification')),
  /** The groups a post aims at lie within where the actor may publish. */
  target: rule<Aim>((_user, aim) => withinScope(aim.scope, aim.nodeIds), {
    message: c.targetNotAllowed,
  }),
  /** The groups an e-mailed post reaches lie within where the actor may send mail. */
  notify: rule<Aim>((_user, aim) => withinScope(aim.scope, aim.nodeIds), {
    message: c.notificationNotAllowed,
  }),
};

/**
 * The `can` flags sent with every post, so the client shows only what would
 * pass; the report's only for a must-read post (`report` null otherwise).
 */
export function postPermissions(
  user: AuthUser,
  post: PostAccessFacts,
  report: AcknowledgementReportFacts | null,
) {
  return {
    ...canFlags(
      user,
      {
        edit: postsPolicy.edit,
        delete: postsPolicy.delete,
        publish: postsPolicy.publish,
        changeRestricted: postsPolicy.changeRestricted,
      },
      post,
    ),
    readAcknowledgements: report !== null && can(user, postsPolicy.readAcknowledgements, report),
  };
}
