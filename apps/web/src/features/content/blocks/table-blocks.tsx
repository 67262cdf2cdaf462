import Box from '@mui/material/Box';
import { splitCells, type Block, type BlockOf } from '@skolportalen/shared';
import { blockTexts } from '@skolportalen/shared/texts/content';
import { useId } from 'react';
import { useScrollsSideways } from '@/lib/use-scrolls-sideways';

/** Column headings: `|`-separated, each a th with scope col. */
export function TableHeadingBlock({ block }: { block: BlockOf<'table-heading'> }) {
  return (
    <tr>
      {splitCells(block.props.headings).map((cell, index) => (
        <th key={index} scope="col">
          {cell}
        </th>
      ))}
    </tr>
  );
}

/** A row of `|`-separated cells. */
export function TableRowBlock({ block }: { block: BlockOf<'table-row'> }) {
  return (
    <tr>
      {splitCells(block.props.items).map((cell, index) => (
        <td key={index}>{cell}</td>
      ))}
    </tr>
  );
}

const isHeading = (child: Block): child is BlockOf<'table-heading'> =>
  child.type === 'table-heading';
const isRow = (child: Block): child is BlockOf<'table-row'> => child.type === 'table-row';

/**
 * A table with its caption; headings go to thead, rows to tbody. A table
 * wider than the screen (a phone, 200 % zoom) scrolls on its own, and then
 * takes the keyboard focus, named by its caption, so the arrows can scroll it.
 */
export function TableBlock({ block }: { block: BlockOf<'table'> }) {
  const headings = block.children.filter(isHeading);
  const rows = block.children.filter(isRow);
  const captionId = useId();
  const [ref, scrolls] = useScrollsSideways();
  const caption = block.props.caption;
  return (
    <Box
      ref={ref}
      {...(scrolls
        ? {
            role: 'region',
            tabIndex: 0,
            ...(caption
              ? { 'aria-labelledby': captionId }
              : { 'aria-label': blockTexts.names.table }),
          }
        : {})}
      sx={{
        overflowX: 'auto',
        my: 2,
        '& table': { borderCollapse: 'collapse', width: '100%' },
        '& caption': { captionSide: 'top', textAlign: 'left', fontWeight: 700, pb: 1 },
        '& th, & td': {
          border: 1,
          borderColor: 'divider',
          px: 1.5,
          py: 1,
          textAlign: 'left',
          verticalAlign: 'top',
        },
        '& th': { bgcolor: 'grey.100' },
      }}
    >
      <table>
        {caption ? <caption id={captionId}>{caption}</caption> : null}
        {headings.length > 0 ? (
          <thead>
            {headings.map((heading) => (
              <TableHeadingBlock key={heading.id} block={heading} />
            ))}
          </thead>
        ) : null}
        <tbody>
          {rows.map((row) => (
            <TableRowBlock key={row.id} block={row} />
          ))}
        </tbody>
      </table>
    </Box>
  );
}
