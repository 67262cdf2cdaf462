import Box from '@mui/material/Box';
import { splitCells, type Block, type BlockOf } from '@skolportalen/shared';

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

/** A table with its caption; headings go to thead, rows to tbody. Wide tables scroll on their own. */
export function TableBlock({ block }: { block: BlockOf<'table'> }) {
  const headings = block.children.filter(isHeading);
  const rows = block.children.filter(isRow);
  return (
    <Box
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
        {block.props.caption ? <caption>{block.props.caption}</caption> : null}
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
