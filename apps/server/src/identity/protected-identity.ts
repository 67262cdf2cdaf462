import { hasCapability, protectedIdentityName, sv } from '@skolportalen/shared';
import { errors } from '../http/errors';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { intArrayParam, rowsOf } from '../db/raw-rows';
import { rowsTogether } from '../db/together';
import { loadAuthUser, type AuthUser } from './auth-user.repo';

/**
 * Protected identities (decision 0039), the one mechanism every place that
 * shows people goes through. A person whose security marking is not `Ingen`
 * is shown as a person only to:
 * - themselves (any account of the same person);
 * - their own guardians, and for a guardian their own children;
 * - holders of `view_protected_identity`: administrators everywhere, anyone
 *   else (a rektor) for the people of their own school units.
 * Everyone else gets no name, username, e-mail, picture, groups or relations:
 * lists and pickers leave the person out, and an entry that must show (an
 * attendee row, a comment's author) reads `protectedIdentityName`.
 *
 * The rule is evaluated in SQL, like post visibility (decision 0036), so a
 * list is filtered where it is read; the actor's side of it is worked out
 * once per request (`identityScopeOf`).
 */
export type IdentityScope =
  /** Sees every protected person: an administrator with the right. */
  | { kind: 'all' }
  | {
      kind: 'limited';
      /** The actor's own accounts, their children's and their guardians'. */
      personIds: number[];
      /** With the right but not an administrator: the groups of their own school units. */
      schoolNodeIds: number[];
    }
  /**
   * A masked session: the person must be shown to the account acted as and to
   * the administrator behind it, who sees no more through it than on their own.
   */
  | { kind: 'both'; scopes: readonly [IdentityScope, IdentityScope] };

/** The columns of a users row the rule reads, wherever the query has them. */
export interface PersonColumns {
  id: SQLWrapper;
  securityMarking: SQLWrapper;
}

/** The columns of a users table under an alias in raw SQL (`from users u` → `personColumns('u')`). */
export function personColumns(alias: string): PersonColumns {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`not an SQL alias: ${alias}`);
  return { id: sql.raw(`${alias}.id`), securityMarking: sql.raw(`${alias}.security_marking`) };
}

const scopes = new WeakMap<AuthUser, Promise<IdentityScope>>();
/** The administrator behind a masked session's account (set as the request is authenticated). */
const maskingAdministrators = new WeakMap<AuthUser, number>();

/**
 * Marks the account of a masked session with the administrator acting as it
 * (decision 0027): the people shown through the session are those both may see.
 */
export function maskedByAdministrator(user: AuthUser, administratorId: number) {
  maskingAdministrators.set(user, administratorId);
}

/** Those shown to both scopes. */
function bothOf(first: IdentityScope, second: IdentityScope): IdentityScope {
  if (first.kind === 'all') return second;
  if (second.kind === 'all') return first;
  return { kind: 'both', scopes: [first, second] };
}

/**
 * The actor's side of the rule: who they are related to and which schools they
 * may see protected people in. Kept per loaded user, so one request works it
 * out once however many lists it reads.
 */
export function identityScopeOf(db: Executor, actor: AuthUser): Promise<IdentityScope> {
  let scope = scopes.get(actor);
  if (!scope) {
    scope = loadScope(db, actor);
    scopes.set(actor, scope);
  }
  return scope;
}

/** The CTEs `own` (the actor's accounts) and `related` (those, their children and their guardians). */
const relatedPeople = (actorId: number) => sql`own(id) as (
      select ${actorId}::int
      union
      select case when l.user_id = o.id then l.related_user_id else l.user_id end
        from account_links l join own o on o.id in (l.user_id, l.related_user_id)
        where l.relation = 'account'
    ),
    related(id) as (
      select id from own
      union select l.related_user_id from account_links l join own o on o.id = l.user_id
        where l.relation = 'child'
      union select l.user_id from account_links l join own o on o.id = l.related_user_id
        where l.relation = 'child'
    )`;

async function loadScope(db: Executor, actor: AuthUser): Promise<IdentityScope> {
  const own = await ownScope(db, actor);
  const administratorId = maskingAdministrators.get(actor);
  if (administratorId === undefined) return own;
  const administrator = await loadAuthUser(db, administratorId);
  // Without its administrator the session goes no further anyway: it shows no one protected.
  return bothOf(
    own,
    administrator
      ? await ownScope(db, administrator)
      : { kind: 'limited', personIds: [], schoolNodeIds: [] },
  );
}

async function ownScope(db: Executor, actor: AuthUser): Promise<IdentityScope> {
  const entitled = hasCapability(actor.capabilities, 'view_protected_identity');
  if (entitled && actor.isAdmin) return { kind: 'all' };
  // With the other reads about the actor in this turn, as a statement planned once.
  const rows = await rowsTogether<{
    person_ids: number[] | null;
    school_node_ids: number[] | null;
  }>(
    db,
    actor.id,
    sql`
    with recursive ${relatedPeople(actor.id)},
    schools(id) as (
      select n.id from user_nodes un join nodes n on n.id = un.node_id
        where ${entitled} and un.user_id = ${actor.id} and n.type = 'Skolenhet'
      union
      select child.id from nodes child join schools s on child.parent_id = s.id
    )
    select (select array_agg(distinct id) from related) as person_ids,
           (select array_agg(id) from schools) as school_node_ids`,
  );
  return {
    kind: 'limited',
    personIds: (rows[0]?.person_ids ?? [actor.id]).map(Number),
    schoolNodeIds: (rows[0]?.school_node_ids ?? []).map(Number),
  };
}

/**
 * The actor's own accounts, their children's and their guardians' — the people
 * they see by who they are, not by a right — whatever their scope. Where a
 * holder of the right opens a protected person's record, this tells whether
 * the opening is theirs to audit (decision 0039).
 */
export async function relatedPersonIdsOf(db: Executor, actor: AuthUser): Promise<number[]> {
  const scope = await identityScopeOf(db, actor);
  if (scope.kind === 'limited') return scope.personIds;
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`with recursive ${relatedPeople(actor.id)} select distinct id from related`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Of people known to have a protected identity, those the actor may see as
 * persons, when the scope tells without reading: a scope of people alone (no
 * school units, no masked session) shows exactly its own people. Undefined
 * when it cannot tell; `personShown` decides then.
 */
export function protectedShownAmong(
  scope: IdentityScope,
  protectedIds: readonly number[],
): number[] | undefined {
  if (scope.kind !== 'limited' || scope.schoolNodeIds.length > 0) return undefined;
  return protectedIds.filter((id) => scope.personIds.includes(id));
}

/** SQL: true when the person in `person` may be shown to the actor as a person. */
export function personShown(scope: IdentityScope, person: PersonColumns): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'both') {
    const [first, second] = scope.scopes;
    return sql`(${personShown(first, person)} and ${personShown(second, person)})`;
  }
  // Each list as one array value: the text is the same for every actor of the same kind.
  const schools = scope.schoolNodeIds.length
    ? sql` or exists (select 1 from user_nodes pn where pn.user_id = ${person.id}
             and pn.node_id = any(${intArrayParam(scope.schoolNodeIds)}::int[]))`
    : sql``;
  return sql`(${person.securityMarking} = 'Ingen' or ${person.id} = any(${intArrayParam(
    scope.personIds,
  )}::int[])${schools})`;
}

/** SQL: the person's name, or "Skyddad identitet" to an actor who may not see them. */
export function shownName(
  scope: IdentityScope,
  person: PersonColumns & { firstName: SQLWrapper; lastName: SQLWrapper },
): SQL<string> {
  const name = sql`trim(${person.firstName} || ' ' || ${person.lastName})`;
  if (scope.kind === 'all') return name as SQL<string>;
  return sql<string>`case when ${personShown(scope, person)} then ${name} else ${protectedIdentityName} end`;
}

/** SQL: a text column of the person (username, e-mail, uid), or null to an actor who may not see them. */
export function shownField(scope: IdentityScope, person: PersonColumns, field: SQLWrapper): SQL {
  if (scope.kind === 'all') return sql`${field}`;
  return sql`case when ${personShown(scope, person)} then ${field} end`;
}

/** Whether one person (by account id) may be shown to the actor; false too when there is no such account. */
export async function isPersonShown(
  db: Executor,
  scope: IdentityScope,
  userId: number,
): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select u.id from users u where u.id = ${userId} and ${personShown(scope, personColumns('u'))}`,
  );
  return rows.length > 0;
}

/**
 * For routes addressed by a person's id (their rights, their posts, their
 * tools): a person the actor may not see is "not found", the same answer as
 * an id nobody has, so the route tells nothing of who exists.
 */
export async function assertPersonShown(db: Executor, actor: AuthUser, userId: number) {
  if (!(await isPersonShown(db, await identityScopeOf(db, actor), userId))) {
    throw errors.notFound(sv.admin.errors.userNotFound);
  }
}
