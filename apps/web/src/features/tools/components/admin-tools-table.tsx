import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { format, sv, type LinkResponse } from '@skolportalen/shared';
import { ToolIcon } from './tool-icon';

const t = sv.toolsAndProfile.adminTools;
const dateFormat = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium' });

interface AdminToolsTableProps {
  tools: readonly LinkResponse[];
  groupNames: ReadonlyMap<number, string>;
  roleNames: ReadonlyMap<number, string>;
  busy: boolean;
  onEdit: (tool: LinkResponse) => void;
  onDelete: (tool: LinkResponse) => void;
  /** Moves a tool one place up (-1) or down (1) in the administrators' order. */
  onMove: (index: number, step: -1 | 1) => void;
}

function targetsOf(tool: LinkResponse, groupNames: ReadonlyMap<number, string>) {
  const names = tool.nodeIds.map((id) => groupNames.get(id) ?? String(id));
  if (names.length <= 3) return names.join(', ');
  return `${names.slice(0, 3).join(', ')} ${format(t.moreGroups, { n: names.length - 3 })}`;
}

/** Every tool the manager can see, in the order the grid shows them. */
export function AdminToolsTable({
  tools,
  groupNames,
  roleNames,
  busy,
  onEdit,
  onDelete,
  onMove,
}: AdminToolsTableProps) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t.table} sx={{ maxWidth: '100%' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t.columnName}</TableCell>
            <TableCell>{t.columnType}</TableCell>
            <TableCell>{t.columnTargets}</TableCell>
            <TableCell>{t.optionalColumn}</TableCell>
            <TableCell align="right">{t.columnSort}</TableCell>
            <TableCell>{t.columnCreated}</TableCell>
            <TableCell align="right">{t.columnActions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tools.map((tool, index) => {
            const previous = tools[index - 1];
            const next = tools[index + 1];
            return (
              <TableRow key={tool.id} hover>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 200 }}>
                    <ToolIcon tool={tool} size={32} />
                    <div>
                      <Typography sx={{ fontWeight: 600 }}>{tool.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {tool.shortDescription}
                      </Typography>
                    </div>
                  </Box>
                </TableCell>
                <TableCell>{tool.type === 'google-tool' ? t.typeGoogleTool : t.typeTool}</TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <Typography variant="body2">
                    {tool.categoryIds.map((id) => roleNames.get(id) ?? id).join(', ')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {targetsOf(tool, groupNames)}
                  </Typography>
                </TableCell>
                <TableCell>{tool.optional ? t.yes : t.no}</TableCell>
                <TableCell align="right">{tool.linkSort}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {dateFormat.format(new Date(tool.created))}{' '}
                  {tool.isNew ? (
                    <Chip
                      size="small"
                      color="secondary"
                      label={sv.toolsAndProfile.tools.newBadge}
                    />
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {tool.can.edit ? (
                    <>
                      <IconButton
                        aria-label={format(t.moveUp, { name: tool.name })}
                        disabled={busy || !previous?.can.edit}
                        onClick={() => onMove(index, -1)}
                      >
                        <ArrowUpward />
                      </IconButton>
                      <IconButton
                        aria-label={format(t.moveDown, { name: tool.name })}
                        disabled={busy || !next?.can.edit}
                        onClick={() => onMove(index, 1)}
                      >
                        <ArrowDownward />
                      </IconButton>
                      <IconButton
                        aria-label={format(t.editNamed, { name: tool.name })}
                        onClick={() => onEdit(tool)}
                      >
                        <EditOutlined />
                      </IconButton>
                    </>
                  ) : null}
                  {tool.can.delete ? (
                    <IconButton
                      color="error"
                      aria-label={format(t.deleteNamed, { name: tool.name })}
                      onClick={() => onDelete(tool)}
                    >
                      <DeleteOutline />
                    </IconButton>
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
