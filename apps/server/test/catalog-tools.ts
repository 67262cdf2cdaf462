import type { CatalogTool } from '../src/modules/links/links-catalog';
import type { LinkRow, SortRanks } from '../src/modules/links/links.repo';

/** A tool as the catalog holds it, for tests without a database: its id ranks it everywhere. */
export function catalogTool(
  id: number,
  {
    row = {},
    nodeIds = [1],
    categoryIds = [3],
    ranks = {},
  }: {
    row?: Partial<LinkRow>;
    nodeIds?: number[];
    categoryIds?: number[];
    ranks?: Partial<SortRanks>;
  } = {},
): CatalogTool {
  const at = new Date('2024-08-19T07:00:00.000Z');
  return {
    row: {
      id,
      name: `Verktyg ${id}`,
      shortDescription: 'Ett verktyg',
      longDescription: 'Ett verktyg för testerna.',
      url: `https://verktyg${id}.exempelby.se`,
      type: 'tool',
      linkSort: 0,
      optional: false,
      mediaId: null,
      icon: null,
      createdBy: null,
      createdAt: at,
      updatedAt: at,
      ...row,
    },
    targets: { nodeIds, categoryIds },
    icon: undefined,
    ranks: { linkSort: id, name: id, created: id, updated: id, id, type: id, ...ranks },
  };
}
