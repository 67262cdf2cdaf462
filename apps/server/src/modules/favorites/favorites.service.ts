import type { FavoriteResponse, favoriteInput, favoriteUpdate, z } from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import { favoritePermissions } from './favorites.policy';
import {
  deleteFavorite,
  findFavorite,
  insertFavorite,
  nextSort,
  updateFavorite,
  type FavoriteRow,
} from './favorites.repo';

/** A favourite as its owner, the only one who ever sees it, gets it. */
export function presentFavorite(row: FavoriteRow): FavoriteResponse {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    sort: row.sort,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    can: favoritePermissions(row),
  };
}

/** Personal data is not administration, but a write made while masked always is. */
async function auditIfMasked(db: Executor, actor: Actor, action: string, favoriteId: number) {
  if (actor.realUserId === null) return;
  await recordAudit(db, {
    actorUserId: actor.user.id,
    realUserId: actor.realUserId,
    action,
    entityType: 'favorite',
    entityId: favoriteId,
    requestId: actor.requestId,
  });
}

export async function createFavorite(
  db: Database,
  actor: Actor,
  values: z.output<typeof favoriteInput>,
) {
  return db.transaction(async (tx) => {
    const row = await insertFavorite(tx, {
      userId: actor.user.id,
      // A favourite without a name shows its address.
      name: values.name ?? values.url,
      url: values.url,
      sort: values.sort ?? (await nextSort(tx, actor.user.id)),
    });
    await auditIfMasked(tx, actor, 'favorite.created', row.id);
    return row;
  });
}

export async function changeFavorite(
  db: Database,
  actor: Actor,
  favoriteId: number,
  values: z.output<typeof favoriteUpdate>,
) {
  return db.transaction(async (tx) => {
    const before = await findFavorite(tx, actor.user.id, favoriteId);
    if (!before) throw errors.notFound();
    const url = values.url ?? before.url;
    const changes: Partial<Pick<FavoriteRow, 'name' | 'url' | 'sort'>> = {};
    if (values.url !== undefined) changes.url = values.url;
    if (values.sort !== undefined) changes.sort = values.sort;
    if ('name' in values) changes.name = values.name ?? url;
    const row = await updateFavorite(tx, actor.user.id, favoriteId, changes);
    await auditIfMasked(tx, actor, 'favorite.updated', favoriteId);
    return row!;
  });
}

export async function removeFavorite(db: Database, actor: Actor, favoriteId: number) {
  await db.transaction(async (tx) => {
    if (!(await deleteFavorite(tx, actor.user.id, favoriteId))) throw errors.notFound();
    await auditIfMasked(tx, actor, 'favorite.deleted', favoriteId);
  });
}
