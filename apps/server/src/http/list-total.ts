/**
 * A list's total (`x-pagination-total`) when its page already tells it: a
 * page short of full is the last one, so the total is the rows before it and
 * the rows on it, and no count need be made. Undefined when the page is full
 * or lies past the end: then the total must be counted.
 */
export function totalShownByPage(
  page: { page: number; perPage: number },
  rowsOnPage: number,
): number | undefined {
  if (rowsOnPage >= page.perPage) return undefined;
  if (rowsOnPage === 0 && page.page > 1) return undefined;
  return (page.page - 1) * page.perPage + rowsOnPage;
}
