import { mainRoleKeys, protectedIdentityName, type GroupMember } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { personColumns, personShown, type IdentityScope } from '../../identity/protected-identity';

const mainRoles = sql.raw(mainRoleKeys.map((key) => `'${key}'`).join(', '));

/** Whether the account is a direct member of the group. */
export async function isGroupMember(db: Executor, userId: number, nodeId: number) {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from user_nodes where user_id = ${userId} and node_id = ${nodeId}`,
  );
  return rows.length > 0;
}

/**
 * The direct members of a group, enabled accounts only: pupils first, then
 * staff, each by name. A member the reader may not see (decision 0039) stays
 * a row — the list counts everyone — with nothing but "Skyddad identitet";
 * those rows come last, so their place tells nothing of their name.
 */
export async function listGroupMembers(
  db: Executor,
  scope: IdentityScope,
  nodeId: number,
): Promise<GroupMember[]> {
  const member = personColumns('u');
  const rows = await rowsOf<{
    id: number;
    shown: boolean;
    marked: boolean;
    first_name: string;
    last_name: string;
    role: string | null;
  }>(
    db,
    sql`
      select u.id, ${personShown(scope, member)} as shown, u.security_marking <> 'Ingen' as marked, u.first_name, u.last_name,
        (select r.key from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = u.id and r.key in (${mainRoles}) order by r.id limit 1) as role
      from user_nodes un join users u on u.id = un.user_id
      where un.node_id = ${nodeId} and u.disabled_at is null`,
  );
  const shown = rows
    .filter((row) => row.shown)
    .map((row) => ({
      id: Number(row.id),
      name: `${row.first_name} ${row.last_name}`.trim(),
      role: row.role,
      marked: row.marked,
      pupil: row.role === 'role_student',
      sortName: `${row.last_name} ${row.first_name}`,
    }))
    .sort((a, b) => Number(b.pupil) - Number(a.pupil) || a.sortName.localeCompare(b.sortName, 'sv'))
    .map(({ id, name, role, marked }) => ({ id, name, role, protected: marked }));
  const hidden = rows
    .filter((row) => !row.shown)
    .map(() => ({ id: null, name: protectedIdentityName, role: null, protected: true }));
  return [...shown, ...hidden];
}
