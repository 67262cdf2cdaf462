import {
  hasCapability,
  type CapabilityKey,
  type PostStatus,
  type PostType,
} from '@skolportalen/shared';
import type { AuthUser } from '../../identity/auth-user.repo';

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

/**
 * The original editor (decision 0010): the author, or a holder of
 * edit_all_posts. Only they change the restricted publishing fields.
 */
export function isOriginalEditor(user: AuthUser, post: Pick<PostAccessFacts, 'authorId'>) {
  return isAuthor(user, post) || has(user, 'edit_all_posts');
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

/** Another user's post list: their own, or user_list (administrators, school responsible). */
export function canReadUserPosts(user: AuthUser, targetUserId: number): boolean {
  return user.id === targetUserId || has(user, 'user_list') || user.isAdmin;
}
