import { ids, sv } from '@skolportalen/shared';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { categories, nodes, users, type NotificationAudience } from '../../db/schema';
import { errors } from '../../http/errors';

const e = sv.notifications.errors;

export interface AudienceMember {
  userId: number;
  email: string | null;
  /** False when the user has turned mail from the portal off. */
  wantsEmail: boolean;
  /** The language the person reads content in (issue 27). */
  language: string;
}

const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((value) => sql`${value}`),
    sql`, `,
  );

/** Every chosen group, category and person must exist: a stale choice is a 400, not a smaller audience. */
export async function assertAudienceExists(db: Executor, audience: NotificationAudience) {
  const count = async (ids: number[], lookup: () => Promise<unknown[]>) =>
    ids.length === 0 ? 0 : (await lookup()).length;
  const problems: { field: string; message: string }[] = [];
  const { nodeIds, categoryIds, userIds } = audience;
  if (
    (await count(nodeIds, () =>
      db.select({ id: nodes.id }).from(nodes).where(inArray(nodes.id, nodeIds)),
    )) !== nodeIds.length
  ) {
    problems.push({ field: 'audience.nodeIds', message: e.unknownGroups });
  }
  if (
    (await count(categoryIds, () =>
      db.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds)),
    )) !== categoryIds.length
  ) {
    problems.push({ field: 'audience.categoryIds', message: e.unknownCategories });
  }
  if (
    (await count(userIds, () =>
      db.select({ id: users.id }).from(users).where(inArray(users.id, userIds)),
    )) !== userIds.length
  ) {
    problems.push({ field: 'audience.userIds', message: e.unknownUsers });
  }
  if (problems.length) throw errors.validation(problems);
}

/**
 * The people an audience reaches, in SQL, by the rule posts follow (decision
 * 0011): a group reaches its members and those of the groups below it, and a
 * guardian counts as a member of each child's groups; the municipality node
 * reaches everyone. With roles as well, only those holding one of the roles —
 * so class 3A with the guardian role is the guardians of 3A's pupils. Without
 * groups, a role reaches everyone holding it. Chosen people are always included.
 */
export async function resolveAudience(
  db: Executor,
  audience: NotificationAudience,
): Promise<AudienceMember[]> {
  const { nodeIds, categoryIds, userIds } = audience;
  const reaches: SQL[] = [];
  const everyone = nodeIds.includes(ids.municipalityNodeId);
  const scope =
    nodeIds.length && !everyone
      ? sql`with recursive picked(id) as (
        select id from nodes where id in (${list(nodeIds)})
        union
        select n.id from nodes n join picked p on n.parent_id = p.id
      )`
      : sql``;
  const inGroups = everyone
    ? sql`true`
    : sql`u.id in (
        select un.user_id from user_nodes un where un.node_id in (select id from picked)
        union
        select al.user_id from account_links al
          join user_nodes un on un.user_id = al.related_user_id
          where al.relation = 'child' and un.node_id in (select id from picked))`;
  const holders = sql`u.id in (
    select uc.user_id from user_categories uc where uc.category_id in (${list(categoryIds)})
    union
    select ur.user_id from user_roles ur join roles r on r.id = ur.role_id
    where r.category_id in (${list(categoryIds)}))`;

  if (nodeIds.length && categoryIds.length) reaches.push(sql`(${inGroups} and ${holders})`);
  else if (nodeIds.length) reaches.push(inGroups);
  else if (categoryIds.length) reaches.push(holders);
  if (userIds.length) reaches.push(sql`u.id in (${list(userIds)})`);
  if (reaches.length === 0) return [];

  const rows = await rowsOf<{
    id: number;
    email: string | null;
    wants_email: boolean;
    language: string;
  }>(
    db,
    sql`${scope}
      select u.id, nullif(trim(u.email), '') as email, coalesce(s.email, true) as wants_email,
        u.preferred_language as language
      from users u
      left join notification_settings s on s.user_id = u.id
      where ${sql.join(reaches, sql` or `)}
      order by u.id`,
  );
  return rows.map((row) => ({
    userId: Number(row.id),
    email: row.email,
    wantsEmail: Boolean(row.wants_email),
    language: row.language,
  }));
}

/** What a send would do: recipients, and mails to send (one per address). */
export function previewOf(members: AudienceMember[]) {
  const addresses = new Set<string>();
  let noEmailCount = 0;
  let optedOutCount = 0;
  for (const member of members) {
    if (!member.email) noEmailCount += 1;
    else if (!member.wantsEmail) optedOutCount += 1;
    else addresses.add(member.email.toLowerCase());
  }
  return {
    recipientCount: members.length,
    mailCount: addresses.size,
    noEmailCount,
    optedOutCount,
  };
}
