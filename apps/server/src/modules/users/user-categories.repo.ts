import type { CategoryResponse } from '@skolportalen/shared';
import { eq, inArray, isNotNull, and } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roles, userCategories, userRoles } from '../../db/schema';
import { categoriesByIds } from '../categories/categories.repo';

/** Readings of one request, by the users asked for (`categoriesOfUsers`'s `sharedBy`). */
const readings = new WeakMap<object, Map<string, Promise<Map<number, CategoryResponse[]>>>>();

/**
 * Each user's categories: those linked to the user directly plus the
 * categories of the user's roles (the "role category" of spec §2). With
 * `sharedBy` (a request's own object), callers within that request that ask
 * for the same users share one reading: the start page's user and its
 * related accounts both ask for the reader's.
 */
export function categoriesOfUsers(
  db: Executor,
  userIds: readonly number[],
  sharedBy?: object,
): Promise<Map<number, CategoryResponse[]>> {
  if (!sharedBy) return readCategoriesOfUsers(db, userIds);
  let ofRequest = readings.get(sharedBy);
  if (!ofRequest) readings.set(sharedBy, (ofRequest = new Map()));
  const key = [...userIds].sort((a, b) => a - b).join(',');
  let reading = ofRequest.get(key);
  if (!reading) ofRequest.set(key, (reading = readCategoriesOfUsers(db, userIds)));
  return reading;
}

async function readCategoriesOfUsers(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, CategoryResponse[]>> {
  const result = new Map<number, CategoryResponse[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const [direct, viaRoles] = await Promise.all([
    db
      .select({ userId: userCategories.userId, categoryId: userCategories.categoryId })
      .from(userCategories)
      .where(inArray(userCategories.userId, [...userIds])),
    db
      .select({ userId: userRoles.userId, categoryId: roles.categoryId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(inArray(userRoles.userId, [...userIds]), isNotNull(roles.categoryId))),
  ]);
  const links = [...viaRoles, ...direct];
  const categories = new Map(
    (await categoriesByIds(db, [...new Set(links.map((link) => link.categoryId!))])).map(
      (category) => [category.id, category],
    ),
  );
  for (const link of links) {
    const list = result.get(link.userId)!;
    const category = categories.get(link.categoryId!);
    if (category && !list.some((existing) => existing.id === category.id)) list.push(category);
  }
  return result;
}
