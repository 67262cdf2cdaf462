import { paging, sv, type LinkResponse, type LinkType } from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';
import { authorize } from '../../identity/authorize';
import { errors } from '../../http/errors';
import { loadAudience, type Audience } from '../audience/audience.repo';
import { recordAudit } from '../audit/audit.repo';
import { defaultLinkSort, findListedLink, type ListedLink } from '../links/links.repo';
import { presentListed, viewerOf } from '../links/links.service';
import { listReaderLinks } from '../links/links-catalog-lists';
import { readerToolsText } from '../links/links-text';
import type { AuthUser } from '../../identity/auth-user.repo';
import type { AuthContext } from '../../identity/authenticate';
import { chooseLink, unchooseLink, userExists, writeOrder } from './user-links.repo';
import { userLinksPolicy } from './user-links.policy';

const texts = sv.toolsAndProfile.tools;

/** A user's grid: standard tools aimed at them and the optional ones they added, in their order. */
async function gridOf(
  db: Executor,
  ownerId: number,
  types?: LinkType[],
  known?: Audience,
  /** The request's sign-in, for the tools' catalog (only for a list of its own). */
  auth?: AuthContext,
): Promise<ListedLink[]> {
  const audience = known ?? (await loadAudience(db, ownerId));
  const { items } = await listReaderLinks(
    db,
    audience,
    'mine',
    { types },
    defaultLinkSort,
    { page: 1, perPage: paging.maxPerPage },
    auth,
  );
  return items;
}

export async function readUserList(
  db: Database,
  viewer: AuthUser,
  ownerId: number,
  types?: LinkType[],
  /** The owner's audience when the caller has it already (their own session's). */
  ownerAudience?: Audience,
  /** The request's sign-in, when this is a read of its own: the tools' catalog serves it then. */
  auth?: AuthContext,
): Promise<LinkResponse[]> {
  authorize(viewer, userLinksPolicy.read, ownerId);
  if (ownerId !== viewer.id && !(await userExists(db, ownerId))) throw errors.notFound();
  const items = await gridOf(
    db,
    ownerId,
    types,
    ownerAudience?.userId === ownerId ? ownerAudience : undefined,
    auth,
  );
  return presentListed(db, items, await viewerOf(db, viewer, ownerId), auth);
}

/**
 * The signed-in reader's own tools (`GET /user`'s links) as the API's JSON
 * text: the same list GetLinks answers on the start page, made once for both.
 */
export async function readOwnListText(
  db: Executor,
  auth: AuthContext,
  audience: Audience,
): Promise<string> {
  authorize(auth.user, userLinksPolicy.read, auth.user.id);
  const { text } = await readerToolsText(db, auth, {
    audience,
    scope: 'mine',
    filters: {},
    sort: defaultLinkSort,
    page: { page: 1, perPage: paging.maxPerPage },
  });
  return text;
}

async function authorizeChange(db: Executor, actor: Actor, ownerId: number) {
  authorize(actor.user, userLinksPolicy.change, ownerId);
  if (ownerId !== actor.user.id && !(await userExists(db, ownerId))) throw errors.notFound();
}

/** Changes to someone else's list, or made while masked, are administration and logged. */
async function auditIfAdministration(
  db: Executor,
  actor: Actor,
  ownerId: number,
  action: string,
  after: unknown,
) {
  if (ownerId === actor.user.id && actor.realUserId === null) return;
  await recordAudit(db, {
    actorUserId: actor.user.id,
    realUserId: actor.realUserId,
    action,
    entityType: 'user',
    entityId: ownerId,
    after,
    requestId: actor.requestId,
  });
}

export async function addToUserList(db: Database, actor: Actor, ownerId: number, linkId: number) {
  await authorizeChange(db, actor, ownerId);
  await db.transaction(async (tx) => {
    const item = await findListedLink(tx, await loadAudience(tx, ownerId), linkId);
    // A tool that does not reach the user is, for them, a tool that does not exist.
    if (!item?.visible) throw errors.notFound();
    if (!item.row.optional || item.chosen) return;
    await chooseLink(tx, ownerId, linkId);
    await auditIfAdministration(tx, actor, ownerId, 'user.link-added', { linkId });
  });
}

export async function removeFromUserList(
  db: Database,
  actor: Actor,
  ownerId: number,
  linkId: number,
) {
  await authorizeChange(db, actor, ownerId);
  await db.transaction(async (tx) => {
    const item = await findListedLink(tx, await loadAudience(tx, ownerId), linkId);
    const inList = item !== undefined && item.visible && (!item.row.optional || item.chosen);
    if (!inList) throw errors.notFound(texts.notInList);
    if (!item.row.optional) throw errors.conflict(texts.standardCannotBeRemoved);
    await unchooseLink(tx, ownerId, linkId);
    await auditIfAdministration(tx, actor, ownerId, 'user.link-removed', { linkId });
  });
}

export async function sortUserList(
  db: Database,
  actor: Actor,
  ownerId: number,
  linkIds: readonly number[],
) {
  await authorizeChange(db, actor, ownerId);
  await db.transaction(async (tx) => {
    const own = new Set((await gridOf(tx, ownerId)).map((item) => item.row.id));
    if (linkIds.some((linkId) => !own.has(linkId))) {
      throw errors.validation([{ field: 'linkIds', message: texts.sortNotOwned }]);
    }
    await writeOrder(tx, ownerId, linkIds);
    await auditIfAdministration(tx, actor, ownerId, 'user.links-sorted', { linkIds });
  });
}
