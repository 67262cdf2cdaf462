import { ids, type CurrentUserResponse } from '@skolportalen/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { accountLinks, nodes, userNodes, users } from '../../db/schema';
import type { SessionState } from '../../identity/session-state';
import { presentToken } from '../auth/session.service';
import type { TokenRow } from '../../identity/token.repo';
import { presentNode } from '../nodes/nodes.repo';
import { readUserList } from '../user-links/user-links.service';
import { fullName, type AuthUser } from '../../identity/auth-user.repo';
import { categoriesOfUsers } from './user-categories.repo';
import { maskingAdminScope } from '../masking/masking.service';
import { personShown } from '../../identity/protected-identity';
import { holdsApproverRole } from '../approvals/approval-rules.repo';
import type { Audience } from '../audience/audience.repo';

/** The signed-in user without the session's tokens and own tools, which the route adds. */
export async function loadCurrentUser(
  db: Executor,
  user: AuthUser,
  token: TokenRow,
  /** The request's own object: readings it shares with the request's other answers. */
  sharedBy?: object,
): Promise<Omit<CurrentUserResponse, 'tokens' | 'links'>> {
  // Masked, the children are the administrator's to see only as far as they may (decision 0039).
  const adminScope = await maskingAdminScope(db, token);
  const childRows = await db
    .select({ id: users.id, uid: users.uid, firstName: users.firstName, lastName: users.lastName })
    .from(accountLinks)
    .innerJoin(users, eq(users.id, accountLinks.relatedUserId))
    .where(
      and(
        eq(accountLinks.userId, user.id),
        eq(accountLinks.relation, 'child'),
        adminScope ? personShown(adminScope, users) : undefined,
      ),
    )
    .orderBy(asc(users.firstName));

  const [categories, groupRows, maskedByRow, approver] = await Promise.all([
    categoriesOfUsers(db, [user.id, ...childRows.map((child) => child.id)], sharedBy),
    // The user's own groups and their children's: a guardian sees her children's classes.
    db
      .select({ userId: userNodes.userId, node: nodes })
      .from(userNodes)
      .innerJoin(nodes, eq(nodes.id, userNodes.nodeId))
      .where(
        and(
          inArray(userNodes.userId, [user.id, ...childRows.map((child) => child.id)]),
          eq(nodes.categoryId, ids.groupCategoryId),
        ),
      )
      .orderBy(asc(nodes.name)),
    token.maskedBy
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, [token.maskedBy]))
      : Promise.resolve([]),
    // Kept with the session: approval rules raise the session counter when they change.
    holdsApproverRole(
      db,
      user.roles.map((role) => role.key),
    ),
  ]);

  const maskedBy = maskedByRow[0];
  const groupsOf = (userId: number) =>
    groupRows.filter((row) => row.userId === userId).map((row) => presentNode(row.node));
  return {
    id: user.id,
    uid: user.uid,
    name: user.name,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: user.roles,
    categories: categories.get(user.id) ?? [],
    children: childRows.map((child) => ({
      id: child.id,
      uid: child.uid,
      name: fullName(child),
      firstName: child.firstName,
      lastName: child.lastName,
      categories: categories.get(child.id) ?? [],
      groups: groupsOf(child.id),
    })),
    groups: groupsOf(user.id),
    capabilities: Object.fromEntries(
      Object.entries(user.capabilities).filter(
        (entry): entry is [string, boolean] => entry[1] !== undefined,
      ),
    ),
    isAdmin: user.isAdmin,
    isSchoolResponsible: user.isSchoolResponsible,
    isApprover: approver,
    masked: token.masked,
    maskedBy: maskedBy ? { id: maskedBy.id, name: fullName(maskedBy) } : null,
    preferredLanguage: user.preferredLanguage,
    languageAsked: user.languageAsked,
    // Only the guardian themselves answers: not an administrator masked as them.
    askLanguage:
      !user.languageAsked &&
      !token.masked &&
      user.roles.some((role) => role.key === 'role_caretaker'),
  };
}

/**
 * The whole answer: the kept part with the session's tokens (what they are,
 * never a secret) and the user's own tools. Neither may be kept with the
 * session: the tools are not guarded by its counter, and the tokens are this
 * session's own.
 */
export async function completeCurrentUser(
  db: Database,
  user: AuthUser,
  session: SessionState,
  kept: Omit<CurrentUserResponse, 'tokens' | 'links'>,
  /** The session's audience, read once with its post audience. */
  audience?: Audience,
): Promise<CurrentUserResponse> {
  return {
    ...kept,
    tokens: session.tokens.map((entry) => presentToken(entry.token)),
    links: await readUserList(db, user, user.id, undefined, audience),
  };
}
