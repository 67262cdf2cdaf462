import { linkResponse, linkTypes, type SortTerm } from '@skolportalen/shared';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { responseSerializer } from '../../http/endpoint-routes';
import type { AuthContext } from '../../identity/authenticate';
import type { Audience } from '../audience/audience.repo';
import { catalogFor, type CatalogTool } from './links-catalog';
import { listReaderLinks, type ReaderScope } from './links-catalog-lists';
import type { LinkFilters, LinkSortColumn, ListedLink, Page } from './links.repo';
import {
  presentCatalogPart,
  presentListed,
  presentReaderPart,
  viewerOf,
  type LinkReaderPart,
  type Viewer,
} from './links.service';

/*
 * A reader's tool list as the JSON text the API answers (issue 31). Every
 * start page lists the reader's tools twice, in the current-user answer and
 * in GetLinks, and the tools are most of the page's data. So:
 *
 * - The part of a tool's answer that is the same for every reader (its row,
 *   targets and icon: `id` to `updated`) is serialised once per catalog, by
 *   the response schema's own fields, and kept with the catalog's tool.
 * - Only what is the reader's own (isNew, inMyList, userSort, can) is written
 *   per request, after it, in the schema's order.
 * - A list is made once per request: the current-user answer and GetLinks
 *   ask for the same list, and the second takes the first's text.
 *
 * The text is the one the route's serialiser would write for the same
 * answer (links-text.int.test.ts compares them). Lists the catalog cannot
 * make (too many tools, a list of another person's) are presented and
 * serialised as before.
 */

const catalogPartSchema = linkResponse.omit({
  isNew: true,
  inMyList: true,
  userSort: true,
  can: true,
});

const serializeCatalogPart = responseSerializer(catalogPartSchema, 'a tool in the catalog');
const serializeToolList = responseSerializer(z.array(linkResponse), 'a tool list');

/** Each catalog tool's shared text, without its closing brace: made once per catalog. */
const catalogPartTexts = new WeakMap<CatalogTool, string>();

function catalogPartText(tool: CatalogTool): string {
  let text = catalogPartTexts.get(tool);
  if (text === undefined) {
    text = serializeCatalogPart(presentCatalogPart(tool.row, tool.targets, tool.icon)).slice(0, -1);
    catalogPartTexts.set(tool, text);
  }
  return text;
}

function flag(value: boolean): string {
  if (typeof value !== 'boolean') throw new TypeError('a tool flag is not true or false');
  return value ? 'true' : 'false';
}

function numberOrNull(value: number | null): string {
  if (value === null) return 'null';
  if (!Number.isFinite(value)) throw new TypeError('a tool number is not finite');
  return String(value);
}

/** The reader's part of a tool's answer, as the schema orders it. */
function readerPartText(part: LinkReaderPart): string {
  const { can } = part;
  return (
    `"isNew":${flag(part.isNew)},"inMyList":${flag(part.inMyList)},` +
    `"userSort":${numberOrNull(part.userSort)},"can":{"edit":${flag(can.edit)},` +
    `"delete":${flag(can.delete)},"add":${flag(can.add)},"remove":${flag(can.remove)}}`
  );
}

/** One tool of a catalog list as its answer's JSON text. */
export function toolText(tool: CatalogTool, item: ListedLink, viewer: Viewer, now: number): string {
  return `${catalogPartText(tool)},${readerPartText(presentReaderPart(item, tool.targets, viewer, now))}}`;
}

/** A list's JSON text and its total. */
export interface ToolListText {
  text: string;
  total: number;
}

/** Which of the reader's lists: the same as `listReaderLinks` is asked. */
export interface ToolListAsked {
  /** The signed-in reader's own audience. */
  audience: Audience;
  scope: ReaderScope;
  filters: LinkFilters;
  sort: readonly SortTerm<LinkSortColumn>[];
  page: Page;
}

/** The list's key within a request: every type is no type filter, as `filterConditions` reads it. */
function listKey({ audience, scope, filters, sort, page }: ToolListAsked): string {
  const types = filters.types && new Set(filters.types);
  const allTypes = !types || linkTypes.every((type) => types.has(type));
  return JSON.stringify([
    audience.userId,
    audience.nodeIds,
    audience.categoryIds,
    scope,
    filters.nodeIds?.length ? filters.nodeIds : null,
    filters.categoryIds?.length ? filters.categoryIds : null,
    allTypes ? null : [...types].sort(),
    filters.createdBy ?? null,
    sort,
    page.page,
    page.perPage,
  ]);
}

const listsMade = new WeakMap<AuthContext, Map<string, Promise<ToolListText>>>();

/** The signed-in reader's own tool list as the API's JSON text, made once per request. */
export function readerToolsText(
  db: Executor,
  auth: AuthContext,
  asked: ToolListAsked,
): Promise<ToolListText> {
  const made = listsMade.get(auth) ?? new Map<string, Promise<ToolListText>>();
  listsMade.set(auth, made);
  const key = listKey(asked);
  let list = made.get(key);
  if (!list) {
    list = makeList(db, auth, asked);
    made.set(key, list);
    list.catch(() => made.delete(key));
  }
  return list;
}

async function makeList(
  db: Executor,
  auth: AuthContext,
  { audience, scope, filters, sort, page }: ToolListAsked,
): Promise<ToolListText> {
  const [{ items, total }, catalog, viewer] = await Promise.all([
    listReaderLinks(db, audience, scope, filters, sort, page, auth),
    catalogFor(db, auth),
    viewerOf(db, auth.user, audience.userId),
  ]);
  const tools = items.map((item) => catalog?.get(item.row.id));
  // Every tool from the catalog: the list is written from the kept parts.
  if (tools.every((tool, index) => tool?.row === items[index]!.row)) {
    const now = Date.now();
    const text = items.map((item, index) => toolText(tools[index]!, item, viewer, now));
    return { text: `[${text.join(',')}]`, total };
  }
  return { text: serializeToolList(await presentListed(db, items, viewer, auth)), total };
}
