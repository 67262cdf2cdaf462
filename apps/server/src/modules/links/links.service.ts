import {
  durations,
  isImageType,
  sv,
  toolIconCategoryIds,
  type LinkResponse,
  type LinkValues,
} from '@skolportalen/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { categories } from '../../db/schema';
import type { Actor } from '../../identity/actor';
import { authorize } from '../../identity/authorize';
import { errors, type FieldError } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import { findMediaForUse, smallestImageOf, type MediaRow } from '../media/media.repo';
import { clearMediaUsages, setMediaUsages } from '../media/media-usages.repo';
import type { AuthUser } from '../../identity/auth-user.repo';
import type { AuthContext } from '../../identity/authenticate';
import { googleToolUrlMessage, isGoogleToolUrl } from './google-tool-url';
import { targetsAndIcons } from './links-catalog';
import {
  deleteLink,
  findGroups,
  findLinkRow,
  insertLink,
  loadTargets,
  ownSchoolSubtree,
  updateLink,
  type LinkRow,
  type LinkTargets,
  type ListedLink,
} from './links.repo';
import { linkPermissions, linksPolicy, scopeKind, type ManageScope } from './links.policy';

const texts = sv.toolsAndProfile.adminTools;

export async function manageScopeOf(db: Executor, user: AuthUser): Promise<ManageScope> {
  const kind = scopeKind(user);
  if (kind === 'schools') return { kind, nodeIds: await ownSchoolSubtree(db, user.id) };
  return { kind };
}

export interface Viewer {
  user: AuthUser;
  scope: ManageScope;
  /** Whose tool list these records belong to. */
  listOwnerId: number;
}

export async function viewerOf(
  db: Executor,
  user: AuthUser,
  listOwnerId = user.id,
): Promise<Viewer> {
  return {
    user,
    scope: await manageScopeOf(db, user),
    listOwnerId,
  };
}

function presentIcon(icon: MediaRow | undefined): LinkResponse['media'] {
  if (!icon) return null;
  return {
    id: icon.id,
    filename: icon.filename,
    title: icon.title,
    alt: icon.alt,
    image: smallestImageOf(icon),
  };
}

/** What a tool's answer says that is the same for every reader: its row, targets and icon. */
export type LinkCatalogPart = Omit<LinkResponse, 'isNew' | 'inMyList' | 'userSort' | 'can'>;

/** What a tool's answer says for its reader: new to them, in their list, their place, their rights. */
export type LinkReaderPart = Pick<LinkResponse, 'isNew' | 'inMyList' | 'userSort' | 'can'>;

export function presentCatalogPart(
  row: LinkRow,
  targets: LinkTargets,
  icon: MediaRow | undefined,
): LinkCatalogPart {
  return {
    id: row.id,
    name: row.name,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    url: row.url,
    type: row.type,
    linkSort: row.linkSort,
    optional: row.optional,
    icon: row.icon,
    mediaId: row.mediaId,
    media: presentIcon(icon),
    nodeIds: targets.nodeIds,
    categoryIds: targets.categoryIds,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

export function presentReaderPart(
  item: ListedLink,
  targets: LinkTargets,
  viewer: Viewer,
  now: number,
): LinkReaderPart {
  const { row } = item;
  const inMyList = item.visible && (!row.optional || item.chosen);
  const managed = { type: row.type, nodeIds: targets.nodeIds };
  return {
    isNew: now - row.createdAt.getTime() < durations.toolsNewForMs,
    inMyList,
    userSort: item.userSort,
    can: linkPermissions(viewer.user, {
      scope: viewer.scope,
      link: managed,
      listOwnerId: viewer.listOwnerId,
      visible: item.visible,
      optional: row.optional,
      inMyList,
    }),
  };
}

export function presentLink(
  item: ListedLink,
  targets: LinkTargets,
  icon: MediaRow | undefined,
  viewer: Viewer,
  now = Date.now(),
): LinkResponse {
  return {
    ...presentCatalogPart(item.row, targets, icon),
    ...presentReaderPart(item, targets, viewer, now),
  };
}

export async function presentListed(
  db: Executor,
  items: readonly ListedLink[],
  viewer: Viewer,
  /**
   * The request's sign-in, for a read outside any transaction: the targets
   * and icons then come from the tools' catalog (links-catalog.ts). Writes
   * leave it out and read their own.
   */
  auth?: AuthContext,
): Promise<LinkResponse[]> {
  const { targets, icons } = await targetsAndIcons(
    db,
    items.map((item) => ({ id: item.row.id, mediaId: item.row.mediaId })),
    auth,
  );
  const now = Date.now();
  return items.map((item) =>
    presentLink(
      item,
      targets.get(item.row.id)!,
      item.row.mediaId === null ? undefined : icons.get(item.row.mediaId),
      viewer,
      now,
    ),
  );
}

/** The icon's media item, when it is an image of an icon category; held until the transaction ends. */
async function iconOf(db: Executor, values: LinkValues, problems: FieldError[]) {
  if (values.mediaId === null) return null;
  const item = await findMediaForUse(db, values.mediaId);
  if (!item) {
    problems.push({ field: 'mediaId', message: texts.iconNotFound });
    return null;
  }
  if (!isImageType(item.fileType) || !toolIconCategoryIds(values.type).includes(item.categoryId)) {
    problems.push({ field: 'mediaId', message: texts.iconWrongCategory });
    return null;
  }
  return item;
}

/**
 * Data checks the schema cannot make: the Google rule, that the targets exist
 * and that the icon is one. Answers the icon's media item.
 */
async function checkValues(db: Executor, values: LinkValues, googleHosts: readonly string[]) {
  const problems: FieldError[] = [];
  if (values.type === 'google-tool' && !isGoogleToolUrl(values.url, googleHosts)) {
    problems.push({ field: 'url', message: googleToolUrlMessage(googleHosts) });
  }
  const groups = await findGroups(db, values.nodeIds);
  if (groups.length !== values.nodeIds.length) {
    problems.push({ field: 'nodeIds', message: texts.unknownGroup });
  }
  const roleCategories = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.id, values.categoryIds), eq(categories.type, 'role')));
  if (roleCategories.length !== values.categoryIds.length) {
    problems.push({ field: 'categoryIds', message: texts.notRoleCategory });
  }
  const icon = await iconOf(db, values, problems);
  if (problems.length) throw errors.validation(problems);
  return icon;
}

function auditValues(row: LinkRow, targets: LinkTargets) {
  return {
    name: row.name,
    url: row.url,
    type: row.type,
    linkSort: row.linkSort,
    optional: row.optional,
    mediaId: row.mediaId,
    nodeIds: targets.nodeIds,
    categoryIds: targets.categoryIds,
  };
}

export async function createLink(
  db: Database,
  actor: Actor,
  values: LinkValues,
  googleHosts: readonly string[],
): Promise<number> {
  authorize(actor.user, linksPolicy.create, values.type);
  return db.transaction(async (tx) => {
    const icon = await checkValues(tx, values, googleHosts);
    const scope = await manageScopeOf(tx, actor.user);
    authorize(actor.user, linksPolicy.aimWithinScope, { scope, nodeIds: values.nodeIds });
    const row = await insertLink(tx, values, icon?.filename ?? null, actor.user.id);
    await setMediaUsages(tx, { type: 'link', id: row.id }, icon ? [icon.id] : []);
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'link.created',
      entityType: 'link',
      entityId: row.id,
      after: auditValues(row, values),
      requestId: actor.requestId,
    });
    return row.id;
  });
}

/** The tool and its targets, or 404. */
async function existing(db: Executor, linkId: number) {
  const row = await findLinkRow(db, linkId);
  if (!row) throw errors.notFound();
  const targets = (await loadTargets(db, [linkId])).get(linkId)!;
  return { row, targets };
}

export async function replaceLink(
  db: Database,
  actor: Actor,
  linkId: number,
  values: LinkValues,
  googleHosts: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await existing(tx, linkId);
    const scope = await manageScopeOf(tx, actor.user);
    const stored = { type: before.row.type, nodeIds: before.targets.nodeIds };
    authorize(actor.user, linksPolicy.edit, { scope, link: stored });
    const icon = await checkValues(tx, values, googleHosts);
    authorize(actor.user, linksPolicy.saveAs, {
      scope,
      link: values,
      storedType: before.row.type,
    });
    const row = await updateLink(tx, linkId, values, icon?.filename ?? null);
    await setMediaUsages(tx, { type: 'link', id: linkId }, icon ? [icon.id] : []);
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'link.updated',
      entityType: 'link',
      entityId: linkId,
      before: auditValues(before.row, before.targets),
      after: auditValues(row, values),
      requestId: actor.requestId,
    });
  });
}

export async function removeLink(db: Database, actor: Actor, linkId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await existing(tx, linkId);
    const scope = await manageScopeOf(tx, actor.user);
    const stored = { type: before.row.type, nodeIds: before.targets.nodeIds };
    authorize(actor.user, linksPolicy.delete, { scope, link: stored });
    await clearMediaUsages(tx, { type: 'link', id: linkId });
    await deleteLink(tx, linkId);
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'link.deleted',
      entityType: 'link',
      entityId: linkId,
      before: auditValues(before.row, before.targets),
      requestId: actor.requestId,
    });
  });
}
