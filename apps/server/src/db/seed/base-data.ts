import {
  capabilityCatalogue,
  capabilityKeys,
  ids,
  roleDefaults,
  roleKeys,
  sv,
  type RoleKey,
} from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { capabilities, categories, nodes, roleCapabilities, roles } from '../schema';

/**
 * Categories with ids the spec fixes (§9): groups 1, media 2/7/8/10, and one
 * category per main role. Ids are part of the contract, so they are explicit.
 */
export const baseCategories = [
  { id: ids.groupCategoryId, key: 'groups', name: 'Grupper', type: 'groups' },
  { id: ids.mediaCategoryDefault, key: 'media_default', name: 'Bilder', type: 'media' },
  { id: 3, key: 'role_teacher', name: sv.roles.role_teacher, type: 'role' },
  { id: 4, key: 'role_student', name: sv.roles.role_student, type: 'role' },
  { id: 5, key: 'role_caretaker', name: sv.roles.role_caretaker, type: 'role' },
  { id: 6, key: 'role_employee', name: sv.roles.role_employee, type: 'role' },
  { id: ids.mediaCategoryIcon, key: 'media_icon', name: 'Ikoner', type: 'media' },
  { id: ids.mediaCategoryPdf, key: 'media_pdf', name: 'PDF-dokument', type: 'media' },
  {
    id: ids.mediaCategoryGoogleIcon,
    key: 'media_google_icon',
    name: 'Google-ikoner',
    type: 'media',
  },
] as const;

const roleCategoryId: Partial<Record<RoleKey, number>> = {
  role_teacher: 3,
  role_student: 4,
  role_caretaker: 5,
  role_employee: 6,
};

/**
 * What every installation needs, demo or not: the capability catalogue, the
 * fixed categories, the roles with their default rights, and the municipality
 * root node. Idempotent, and it never overwrites what administrators changed.
 */
export async function ensureBaseData(db: Database) {
  await db.transaction(async (tx) => {
    await tx
      .insert(capabilities)
      .values(capabilityKeys.map((key) => ({ key, group: capabilityCatalogue[key] })))
      .onConflictDoNothing();
    await tx
      .insert(categories)
      .values([...baseCategories])
      .onConflictDoNothing();
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('categories', 'id'), greatest((select max(id) from categories), 10))`,
    );

    const created = await tx
      .insert(roles)
      .values(
        roleKeys.map((key) => ({
          key,
          name: sv.roles[key],
          categoryId: roleCategoryId[key] ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: roles.id, key: roles.key });
    // Default rights only for roles created now: later edits in the rights matrix stand.
    const defaults = created.flatMap((role) =>
      Object.entries(roleDefaults[role.key as RoleKey]).map(([capabilityKey, value]) => ({
        roleId: role.id,
        capabilityKey,
        value: value as boolean,
      })),
    );
    if (defaults.length) await tx.insert(roleCapabilities).values(defaults).onConflictDoNothing();

    await tx
      .insert(nodes)
      .values({
        id: ids.municipalityNodeId,
        name: sv.app.municipality,
        type: 'Huvudman',
        categoryId: ids.groupCategoryId,
        main: true,
      })
      .onConflictDoNothing();
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('nodes', 'id'), greatest((select max(id) from nodes), 1))`,
    );
  });
}
