/**
 * The tools list's request as plain data: tools-list.ts asks with it, and the
 * page served at "/" sends it before the app has loaded (lib/early-requests.ts)
 * — so nothing here may import more than types.
 */

/** The content filter the tools list follows (spec §7: the user's groups and role category). */
export interface ToolsFilter {
  nodeIds?: readonly number[];
  categoryIds?: readonly number[];
}

/** POST /GetLinks's body: the user's grid, sorted linkSort ASC then name ASC after their own order. */
export function toolsListBody(filter: ToolsFilter) {
  return {
    ...(filter.nodeIds?.length ? { nodeId: filter.nodeIds } : {}),
    ...(filter.categoryIds?.length ? { categoryId: filter.categoryIds } : {}),
    type: ['tool', 'google-tool'],
    sort: 'linkSort ASC, name ASC',
  };
}
