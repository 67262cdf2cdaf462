import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { capabilities, roleCapabilities, roles } from '../../db/schema';

export async function listRoles(db: Executor, withCapabilities: boolean) {
  const rows = await db.select().from(roles).orderBy(asc(roles.id));
  const values =
    withCapabilities && rows.length
      ? await db
          .select()
          .from(roleCapabilities)
          .where(
            inArray(
              roleCapabilities.roleId,
              rows.map((row) => row.id),
            ),
          )
      : [];
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    name: row.name,
    categoryId: row.categoryId,
    ...(withCapabilities
      ? {
          capabilities: Object.fromEntries(
            values
              .filter((value) => value.roleId === row.id)
              .map((value) => [value.capabilityKey, value.value]),
          ),
        }
      : {}),
  }));
}

export async function listCapabilityKeys(db: Executor) {
  return db.select().from(capabilities).orderBy(asc(capabilities.key));
}
