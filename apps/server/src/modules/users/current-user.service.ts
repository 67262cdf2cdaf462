import {
  currentUserFields,
  ids,
  type CurrentUserResponse,
  type NodeResponse,
} from '@skolportalen/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { rowsTogether } from '../../db/together';
import { rowsOf } from '../../db/raw-rows';
import { users } from '../../db/schema';
import type { AuthContext } from '../../identity/authenticate';
import type { SessionState } from '../../identity/session-state';
import { presentToken } from '../auth/session.service';
import type { TokenRow } from '../../identity/token.repo';
import { readOwnListText, readUserList } from '../user-links/user-links.service';
import { responseSerializer } from '../../http/endpoint-routes';
import { fullName, type AuthUser } from '../../identity/auth-user.repo';
import {
  categoriesByUser,
  categoryCatalog,
  categoryLinksJson,
  type CategoryOfUser,
} from './user-categories.repo';
import { maskingAdminScope } from '../masking/masking.service';
import { personShown } from '../../identity/protected-identity';
import type { Audience } from '../audience/audience.repo';

/** The signed-in user without the session's tokens and own tools, which the route adds. */
export async function loadCurrentUser(
  db: Executor,
  user: AuthUser,
  token: TokenRow,
  /** The request's session counter, for the kept categories (`categoryCatalog`). */
  generation: string | undefined,
): Promise<Omit<CurrentUserResponse, 'tokens' | 'links'>> {
  // Masked, the children are the administrator's to see only as far as they may (decision 0039).
  const adminScope = await maskingAdminScope(db, token);
  const [relations, maskedByRow, catalog] = await Promise.all([
    readerRelations(db, user, adminScope),
    token.maskedBy
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, [token.maskedBy]))
      : Promise.resolve([]),
    categoryCatalog(db, generation, user.id),
  ]);
  const childRows = relations.children ?? [];
  const groupRows = relations.groups ?? [];
  const categories = categoriesByUser(
    [user.id, ...childRows.map((child) => child.id)],
    relations.categories,
    catalog,
  );
  const approver = relations.approver;

  const maskedBy = maskedByRow[0];
  const groupsOf = (userId: number) =>
    groupRows.filter((row) => row.userId === userId).map((row) => row.node);
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

interface ReaderRelations {
  children: { id: number; uid: string; firstName: string; lastName: string }[] | null;
  /** The groups of the reader and of the children, each as `presentNode` presents it. */
  groups: { userId: number; node: NodeResponse }[] | null;
  categories: CategoryOfUser[];
  approver: boolean;
}

/**
 * What the current-user answer reads besides the account, in one statement
 * (every first page asks for it): the children (a guardian sees her
 * children's classes), the groups and categories of the reader and the
 * children, and whether one of the reader's roles approves (approval rules
 * raise the session counter when they change, so this keeps with the session).
 */
async function readerRelations(
  db: Executor,
  user: AuthUser,
  adminScope: Awaited<ReturnType<typeof maskingAdminScope>>,
): Promise<ReaderRelations> {
  // One array value, its elements quoted as PostgreSQL's array syntax asks.
  const roleKeys = `{${user.roles.map((role) => `"${role.key.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`;
  const query = sql`
    with children as (
      select users.id, users.uid, users.first_name, users.last_name
        from account_links join users on users.id = account_links.related_user_id
       where account_links.user_id = ${user.id} and account_links.relation = 'child'
         and ${adminScope ? personShown(adminScope, users) : sql`true`}
    ), readers(id) as (
      select ${user.id}::int union all select id from children
    )
    select
      (select json_agg(json_build_object('id', id, 'uid', uid, 'firstName', first_name,
                'lastName', last_name) order by first_name) from children) as children,
      (select json_agg(json_build_object('userId', un.user_id, 'node', json_build_object(
                'id', n.id, 'name', n.name, 'value', n.value, 'type', n.type,
                'parentId', n.parent_id, 'categoryId', n.category_id, 'main', n.main,
                'externalId', n.external_id)) order by n.name)
         from user_nodes un join nodes n on n.id = un.node_id
        where un.user_id in (select id from readers) and n.category_id = ${ids.groupCategoryId}::int
      ) as groups,
      ${categoryLinksJson(sql`array(select id from readers)`)} as categories,
      exists (select 1 from approval_rules where approver_role = any(${roleKeys}::text[])) as approver`;
  // Unmasked, the text is always the same and planned once per connection, and
  // read with the page's other reads about the reader.
  const [row] = adminScope
    ? await rowsOf<ReaderRelations>(db, query)
    : await rowsTogether<ReaderRelations>(db, user.id, query);
  return row!;
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
  /** The request's sign-in: its own tools come from the tools' catalog. */
  auth?: AuthContext,
): Promise<CurrentUserResponse> {
  return {
    ...kept,
    tokens: session.tokens.map((entry) => presentToken(entry.token)),
    links: await readUserList(db, user, user.id, undefined, audience, auth),
  };
}

const serializeWithoutTools = responseSerializer(currentUserFields, 'GET /user without its tools');

/**
 * `GET /user`'s answer as JSON text, for the signed-in reader: the rest
 * checked and written by the response schema's own fields, then the tools,
 * last, as the list made once for the request (links-text.ts) — the start
 * page asks GetLinks for the same list. The rest is given beside the text
 * (the start page's plan reads the reader's roles from it), and so are the
 * tools' text (the page writes them once).
 */
export async function currentUserText(
  db: Database,
  auth: AuthContext,
  kept: Omit<CurrentUserResponse, 'tokens' | 'links'>,
  audience: Audience,
): Promise<{ text: string; withoutTools: Omit<CurrentUserResponse, 'links'>; tools: string }> {
  const tools = await readOwnListText(db, auth, audience);
  const withoutTools = {
    ...kept,
    tokens: auth.session.tokens.map((entry) => presentToken(entry.token)),
  };
  const rest = serializeWithoutTools(withoutTools);
  return { text: `${rest.slice(0, -1)},"links":${tools}}`, withoutTools, tools };
}
