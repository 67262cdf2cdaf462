import { ids } from '@skolportalen/shared';
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../identity/password';
import type { MediaStorage } from '../../media-storage/media-storage';
import type { Database, Transaction } from '../client';
import {
  accountLinks,
  categoryNodes,
  nodes,
  roles,
  userCapabilities,
  userNodes,
  userRoles,
  users,
} from '../schema';
import { demoAccounts, demoPassword, demoSchools } from './demo-data';
import { seedDemoApprovalRule } from './demo-approval-rule';
import { seedDemoCourses } from './demo-courses';
import { seedDemoPosts } from './demo-posts';
import { attachDemoToolIcons, seedDemoTools } from './demo-tools';

async function insertNode(
  tx: Transaction,
  values: {
    name: string;
    type: string;
    parentId: number;
    externalId: string;
    value?: string;
    main?: boolean;
  },
) {
  const [row] = await tx
    .insert(nodes)
    .values({
      ...values,
      categoryId: ids.groupCategoryId,
      value: values.value ?? null,
      main: values.main ?? false,
    })
    .returning({ id: nodes.id });
  return row!.id;
}

/** Builds the groups tree and returns node ids by reference ("school", "school/group"). */
async function seedGroupsTree(tx: Transaction) {
  const byRef = new Map<string, number>();
  const administration = await insertNode(tx, {
    name: 'Utbildningsförvaltningen',
    type: 'Förvaltning',
    parentId: ids.municipalityNodeId,
    externalId: 'demo-forvaltning',
  });
  byRef.set('forvaltning', administration);

  for (const school of demoSchools) {
    const schoolId = await insertNode(tx, {
      name: school.name,
      type: 'Skolenhet',
      value: school.value,
      parentId: ids.municipalityNodeId,
      externalId: `demo-${school.key}`,
    });
    byRef.set(school.key, schoolId);
    for (const className of school.classes) {
      const classId = await insertNode(tx, {
        name: className,
        type: 'Klass',
        parentId: schoolId,
        externalId: `demo-${school.key}-${className.toLowerCase()}`,
        main: true,
      });
      byRef.set(`${school.key}/${className}`, classId);
    }
    for (const [groupName, className] of school.teachingGroups) {
      const groupId = await insertNode(tx, {
        name: groupName,
        type: 'Undervisning',
        parentId: byRef.get(`${school.key}/${className}`)!,
        externalId: `demo-${school.key}-${groupName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      });
      byRef.set(`${school.key}/${groupName}`, groupId);
    }
  }
  return byRef;
}

/** Role categories say where each role's content is aimed by default. */
async function linkRoleCategories(tx: Transaction, nodeByRef: Map<string, number>) {
  const schoolIds = demoSchools.map((school) => nodeByRef.get(school.key)!);
  const links = [
    ...schoolIds.map((nodeId) => ({ categoryId: 3, nodeId })),
    ...schoolIds.map((nodeId) => ({ categoryId: 4, nodeId })),
    { categoryId: 5, nodeId: ids.municipalityNodeId },
    { categoryId: 6, nodeId: nodeByRef.get('forvaltning')! },
  ];
  await tx.insert(categoryNodes).values(links).onConflictDoNothing();
}

async function seedAccounts(tx: Transaction, nodeByRef: Map<string, number>) {
  const passwordHash = await hashPassword(demoPassword);
  const roleIds = new Map(
    (await tx.select({ id: roles.id, key: roles.key }).from(roles)).map((r) => [r.key, r.id]),
  );
  const userIds = new Map<string, number>();

  for (const account of demoAccounts) {
    const [row] = await tx
      .insert(users)
      .values({
        uid: account.username,
        username: account.username,
        passwordHash,
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        externalId: `demo-person-${account.username}`,
        securityMarking: account.securityMarking ?? 'Ingen',
        preferredLanguage: account.preferredLanguage ?? 'sv',
        languageAskedAt: account.preferredLanguage ? new Date() : null,
      })
      .returning({ id: users.id });
    const userId = row!.id;
    userIds.set(account.username, userId);
    const accountRoles = [account.mainRole, ...(account.extraRoles ?? [])];
    await tx
      .insert(userRoles)
      .values(accountRoles.map((key) => ({ userId, roleId: roleIds.get(key)! })));
    const own = Object.entries(account.capabilities ?? {});
    if (own.length) {
      await tx
        .insert(userCapabilities)
        .values(own.map(([capabilityKey, value]) => ({ userId, capabilityKey, value: value! })));
    }
    if (account.groups.length) {
      await tx.insert(userNodes).values(
        account.groups.map((ref) => {
          const nodeId = nodeByRef.get(ref);
          if (nodeId === undefined)
            throw new Error(`Demo account ${account.username}: unknown group ${ref}`);
          return { userId, nodeId };
        }),
      );
    }
  }

  for (const account of demoAccounts) {
    const userId = userIds.get(account.username)!;
    for (const child of account.children ?? []) {
      await tx
        .insert(accountLinks)
        .values({ userId, relatedUserId: userIds.get(child)!, relation: 'child' });
    }
    if (account.samePersonAs) {
      const otherId = userIds.get(account.samePersonAs)!;
      await tx.insert(accountLinks).values([
        { userId, relatedUserId: otherId, relation: 'account' },
        { userId: otherId, relatedUserId: userId, relation: 'account' },
      ]);
    }
  }
  return userIds;
}

/** Seeds the demo municipality in one transaction. Expects base data and no users. */
export async function seedDemoMunicipality(db: Database) {
  return db.transaction(async (tx) => {
    const nodeByRef = await seedGroupsTree(tx);
    await linkRoleCategories(tx, nodeByRef);
    const userIds = await seedAccounts(tx, nodeByRef);
    await seedDemoTools(tx, nodeByRef, userIds);
    return { nodeByRef, userIds };
  });
}

/** With a media store, the demo media library is filled too (pictures, icons, a pdf). */
export async function seedDemoIfEmpty(
  db: Database,
  options: { mediaStorage?: MediaStorage } = {},
): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  if ((row?.value ?? 0) > 0) return false;
  const { userIds, nodeByRef } = await seedDemoMunicipality(db);
  if (options.mediaStorage) {
    // Only a first start draws the demo pictures (sharp), so a restart does not load it.
    const { seedDemoMedia } = await import('./demo-media');
    await seedDemoMedia(db, options.mediaStorage, userIds.get('eva.andersson')!);
    await attachDemoToolIcons(db);
  }
  // After the library, so that the news can show its pictures.
  await seedDemoPosts(db, nodeByRef, userIds);
  await seedDemoCourses(db, nodeByRef, userIds);
  await seedDemoApprovalRule(db);
  // Owners and review dates (decision 0045), as migration 0033 gives existing posts: the author
  // owns each post, and pages are reviewed a year after they were last changed.
  await db.execute(sql`update posts set owner_id = author_id where owner_id is null`);
  await db.execute(
    sql`update posts set review_date = ((updated_at at time zone 'Europe/Stockholm')::date + interval '12 months')::date
      where type in ('page', 'page-related') and status <> 'trash' and review_date is null`,
  );
  return true;
}

export async function findUserIdByUsername(db: Database, username: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row?.id;
}
