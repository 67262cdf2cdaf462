import type { SortTerm } from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../identity/authenticate';
import type { Audience } from '../audience/audience.repo';
import { catalogFor, toolsReaching, type CatalogTool, type LinksCatalog } from './links-catalog';
import {
  listLinks,
  loadUserChoices,
  type LinkFilters,
  type LinkSortColumn,
  type ListedLink,
  type Page,
  type UserChoice,
} from './links.repo';

/*
 * A reader's tool lists ('mine' and 'available') made from the tools'
 * catalog (links-catalog.ts) as `listLinks` makes them in SQL: the same
 * filters, the same order (by the ranks the catalog's statement computed, so
 * names compare in the database's collation) and the same page and total.
 * Only the list owner's own choices (`user_links`) are read, once per request
 * for all its lists; they are not kept across requests, so a change to them
 * shows at the next one.
 */

export type ReaderScope = 'mine' | 'available';

const choicesRead = new WeakMap<AuthContext, Map<number, Promise<Map<number, UserChoice>>>>();

/** The user's own choices, read once per request: the first screen lists their tools twice. */
function choicesFor(
  db: Executor,
  auth: AuthContext,
  userId: number,
): Promise<Map<number, UserChoice>> {
  const byUser = choicesRead.get(auth) ?? new Map<number, Promise<Map<number, UserChoice>>>();
  choicesRead.set(auth, byUser);
  let choices = byUser.get(userId);
  if (!choices) {
    choices = loadUserChoices(db, userId);
    byUser.set(userId, choices);
    choices.catch(() => byUser.delete(userId));
  }
  return choices;
}

/**
 * Starts reading the signed-in reader's own choices now, before the route
 * awaits anything: read in the same turn as the request's other reads about
 * them (the audience, the relations), they go in the same statement
 * (db/together.ts) instead of one of their own after the audience has come
 * (issue 31). The lists take them from `choicesFor` later.
 */
export function readOwnChoicesSoon(db: Executor, auth: AuthContext): void {
  choicesFor(db, auth, auth.user.id).catch(() => undefined);
}

/** `user_links.sort asc nulls last`. */
function byOwnPlace(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

interface Candidate {
  tool: CatalogTool;
  choice: UserChoice | undefined;
}

/** A filter's ids as a set, or undefined when it does not filter (`filterConditions`). */
const anyOf = <T>(list: readonly T[] | undefined) => (list?.length ? new Set(list) : undefined);

/**
 * The page of tools, among `reaching`, that `listLinks` would answer for
 * this scope, with its total.
 */
export function listFromCatalog(
  catalog: LinksCatalog,
  reaching: readonly number[],
  choices: ReadonlyMap<number, UserChoice>,
  scope: ReaderScope,
  filters: LinkFilters,
  sort: readonly SortTerm<LinkSortColumn>[],
  page: Page,
): { items: ListedLink[]; total: number } {
  const nodeIds = anyOf(filters.nodeIds);
  const categoryIds = anyOf(filters.categoryIds);
  const types = anyOf(filters.types);
  const listed: Candidate[] = [];
  for (const id of reaching) {
    const tool = catalog.get(id)!;
    const { row, targets } = tool;
    if (nodeIds && !targets.nodeIds.some((node) => nodeIds.has(node))) continue;
    if (categoryIds && !targets.categoryIds.some((category) => categoryIds.has(category))) continue;
    if (types && !types.has(row.type)) continue;
    if (filters.createdBy !== undefined && row.createdBy !== filters.createdBy) continue;
    const choice = choices.get(id);
    // `inUserList`: a standard tool, or an optional one the user added.
    if (scope === 'mine' && row.optional && choice?.chosen !== true) continue;
    listed.push({ tool, choice });
  }
  listed.sort((a, b) => {
    if (scope === 'mine') {
      const own = byOwnPlace(a.choice?.sort ?? null, b.choice?.sort ?? null);
      if (own !== 0) return own;
    }
    for (const term of sort) {
      const apart = a.tool.ranks[term.column] - b.tool.ranks[term.column];
      if (apart !== 0) return term.direction === 'ASC' ? apart : -apart;
    }
    return a.tool.row.id - b.tool.row.id;
  });
  const start = (page.page - 1) * page.perPage;
  const items = listed.slice(start, start + page.perPage).map(({ tool, choice }): ListedLink => ({
    row: tool.row,
    userSort: choice?.sort ?? null,
    chosen: choice?.chosen ?? false,
    visible: true,
  }));
  return { items, total: listed.length };
}

/**
 * A reader's tools ('mine': their grid; 'available': every tool aimed at
 * them): from the catalog of the request's links counter when `auth` is given
 * (a read outside any transaction), else, or with too many tools for a
 * catalog, from the database.
 */
export async function listReaderLinks(
  db: Executor,
  audience: Audience,
  scope: ReaderScope,
  filters: LinkFilters,
  sort: readonly SortTerm<LinkSortColumn>[],
  page: Page,
  auth?: AuthContext,
): Promise<{ items: ListedLink[]; total: number }> {
  const catalog = auth ? await catalogFor(db, auth) : null;
  if (!auth || !catalog) return listLinks(db, audience, scope, filters, sort, page);
  const choices = await choicesFor(db, auth, audience.userId);
  return listFromCatalog(
    catalog,
    toolsReaching(catalog, audience),
    choices,
    scope,
    filters,
    sort,
    page,
  );
}
