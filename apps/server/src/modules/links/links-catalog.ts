import { ids } from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import { countersFor } from '../../http/kept-answers';
import type { AuthContext } from '../../identity/authenticate';
import { createSingleFlight } from '../../identity/single-flight';
import type { Audience } from '../audience/audience.repo';
import { findMediaByIds, type MediaRow } from '../media/media.repo';
import {
  loadCatalogRows,
  loadTargets,
  type LinkRow,
  type LinkTargets,
  type SortRanks,
} from './links.repo';

/*
 * The tools' catalog. Every page presents two tool lists (GetLinks and the
 * reader's own tools in the current-user answer), and each asked the database
 * for its tools' targets and icons: three statements a list. The catalog holds
 * every tool's row, targets, icon and places in each sort order, read in one
 * statement and kept in the process, so a first page costs fewer statements
 * (decision 0050): the reader's lists are made from it, with only the reader's
 * own choices read per request (links-catalog-lists.ts).
 *
 * What keeps it true is the links counter (`cache_generations` 'links',
 * migration 0016), raised at the commit of every change to tools, their
 * targets and media rows. A catalog serves only the requests that read the
 * counter value it was loaded for, and the counter is read before the catalog
 * is, so a catalog is never older than its key. Only the newest catalog is
 * kept, and none at all past `maxCatalogTools`.
 */

/** One tool in the catalog: its row, its targets, its icon and its places in each sort order. */
export interface CatalogTool {
  row: LinkRow;
  targets: LinkTargets;
  /** The media row of the row's `mediaId`; undefined when there is none. */
  icon: MediaRow | undefined;
  ranks: SortRanks;
}

export type LinksCatalog = ReadonlyMap<number, CatalogTool>;

/** More tools than this and the lists read their own targets and icons instead of keeping them all. */
export const maxCatalogTools = 5_000;

/** A catalog from the database, or null when there are more than `maxCatalogTools` tools. */
export type CatalogLoad = () => Promise<LinksCatalog | null>;

export interface CatalogKeeper {
  /** The catalog loaded for this counter value: the kept one, or one loaded now. */
  at(counter: string): Promise<LinksCatalog | null>;
}

/**
 * One catalog kept, for the counter value it was loaded for. Requests waiting
 * on the same value share one load; a load replaces the kept catalog unless a
 * load that started later has already done so.
 */
export function createCatalogKeeper(load: CatalogLoad): CatalogKeeper {
  const loading = createSingleFlight<LinksCatalog | null>();
  let kept: { counter: string; catalog: LinksCatalog | null; order: number } | undefined;
  let loadsStarted = 0;
  return {
    at(counter) {
      if (kept?.counter === counter) return Promise.resolve(kept.catalog);
      return loading.once(counter, async () => {
        const order = ++loadsStarted;
        const catalog = await load();
        if (!kept || kept.order < order) kept = { counter, catalog, order };
        return catalog;
      });
    },
  };
}

async function loadCatalog(db: Executor): Promise<LinksCatalog | null> {
  const rows = await loadCatalogRows(db, maxCatalogTools + 1);
  if (rows.length > maxCatalogTools) return null;
  const icons = new Map<number, MediaRow>();
  const catalog = new Map<number, CatalogTool>();
  for (const row of rows) {
    // Shared by every request's answer: frozen, so no answer can change another's.
    Object.freeze(row.nodeIds);
    Object.freeze(row.categoryIds);
    let icon = row.icon ?? undefined;
    if (icon) {
      icon = icons.get(icon.id) ?? Object.freeze(icon);
      icons.set(icon.id, icon);
    }
    catalog.set(row.row.id, {
      row: Object.freeze(row.row),
      targets: Object.freeze({ nodeIds: row.nodeIds, categoryIds: row.categoryIds }),
      icon,
      ranks: Object.freeze(row.ranks),
    });
  }
  return catalog;
}

/** One keeper per database, so that apps on different databases (the tests) never share one. */
const keepers = new WeakMap<Executor, CatalogKeeper>();

function keeperOf(db: Executor): CatalogKeeper {
  let keeper = keepers.get(db);
  if (!keeper) {
    keeper = createCatalogKeeper(() => loadCatalog(db));
    keepers.set(db, keeper);
  }
  return keeper;
}

/** A listed tool as far as its targets and icon go. */
export interface ToolRef {
  id: number;
  mediaId: number | null;
}

export interface TargetsAndIcons {
  targets: Map<number, LinkTargets>;
  /** Icons by media id. */
  icons: Map<number, MediaRow>;
}

function fromDatabase(db: Executor, tools: readonly ToolRef[]): Promise<TargetsAndIcons> {
  return Promise.all([
    loadTargets(
      db,
      tools.map((tool) => tool.id),
    ),
    findMediaByIds(
      db,
      tools.flatMap((tool) => (tool.mediaId === null ? [] : [tool.mediaId])),
    ),
  ]).then(([targets, icons]) => ({ targets, icons }));
}

/**
 * The tools' targets and icons: from the catalog of the request's links
 * counter when `auth` is given (a read outside any transaction), else from
 * the database. A tool the catalog does not know as listed (saved after it
 * was read) is read from the database with the others like it.
 */
export async function targetsAndIcons(
  db: Executor,
  tools: readonly ToolRef[],
  auth?: AuthContext,
): Promise<TargetsAndIcons> {
  if (!auth || tools.length === 0) return fromDatabase(db, tools);
  const catalog = await catalogFor(db, auth);
  if (!catalog) return fromDatabase(db, tools);
  const targets = new Map<number, LinkTargets>();
  const icons = new Map<number, MediaRow>();
  const unknown: ToolRef[] = [];
  for (const tool of tools) {
    const known = catalog.get(tool.id);
    if (!known || known.row.mediaId !== tool.mediaId) {
      unknown.push(tool);
      continue;
    }
    targets.set(tool.id, known.targets);
    if (known.icon) icons.set(known.icon.id, known.icon);
  }
  if (unknown.length === 0) return { targets, icons };
  const read = await fromDatabase(db, unknown);
  for (const [id, value] of read.targets) targets.set(id, value);
  for (const [id, value] of read.icons) icons.set(id, value);
  return { targets, icons };
}

/**
 * The catalog of the request's links counter: null when there are more
 * than `maxCatalogTools` tools.
 */
export async function catalogFor(db: Executor, auth: AuthContext): Promise<LinksCatalog | null> {
  const { data: counter } = await countersFor(db, auth, 'links');
  return keeperOf(db).at(counter);
}

/**
 * The ids of the catalog's tools that reach the audience, decided as
 * `visibleTo` decides it in SQL: a tool aimed at one of the reader's role
 * categories and at one of their groups, a group above them or the
 * municipality.
 */
export function toolsReaching(catalog: LinksCatalog, audience: Audience): number[] {
  if (audience.categoryIds.length === 0) return [];
  const categories = new Set(audience.categoryIds);
  const reaching = new Set<number>();
  // Through the tools aimed at each of the reader's groups: a tool aims at few groups,
  // so this looks at tens of tools where there may be thousands.
  const byNode = toolsByNode(catalog);
  for (const node of new Set([...audience.nodeIds, ids.municipalityNodeId])) {
    for (const id of byNode.get(node) ?? []) {
      if (catalog.get(id)!.targets.categoryIds.some((category) => categories.has(category)))
        reaching.add(id);
    }
  }
  return [...reaching];
}

const nodeIndexes = new WeakMap<LinksCatalog, Map<number, number[]>>();

/** The catalog's tools by the groups they aim at, made once per catalog. */
function toolsByNode(catalog: LinksCatalog): Map<number, number[]> {
  let index = nodeIndexes.get(catalog);
  if (!index) {
    index = new Map();
    for (const [id, tool] of catalog) {
      for (const node of tool.targets.nodeIds) {
        const list = index.get(node);
        if (list) list.push(id);
        else index.set(node, [id]);
      }
    }
    nodeIndexes.set(catalog, index);
  }
  return index;
}
