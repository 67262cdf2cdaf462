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
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
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

interface ActionsProps {
  tool: LinkResponse;
  index: number;
  previous?: LinkResponse;
  next?: LinkResponse;
  busy: boolean;
  onEdit: (tool: LinkResponse) => void;
  onDelete: (tool: LinkResponse) => void;
  onMove: (index: number, step: -1 | 1) => void;
}

/** Move, edit and remove, as far as the server's flags allow. */
function Actions({ tool, index, previous, next, busy, onEdit, onDelete, onMove }: ActionsProps) {
  return (
    <>
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
    </>
  );
}

function Created({ tool }: { tool: LinkResponse }) {
  return (
    <>
      {dateFormat.format(new Date(tool.created))}{' '}
      {tool.isNew ? (
        <Chip size="small" color="secondary" label={sv.toolsAndProfile.tools.newBadge} />
      ) : null}
    </>
  );
}

/** Every tool the manager can see, in the order the grid shows them: a table, cards on a phone. */
export function AdminToolsTable({
  tools,
  groupNames,
  roleNames,
  busy,
  onEdit,
  onDelete,
  onMove,
}: AdminToolsTableProps) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const rowProps = (index: number): ActionsProps => ({
    tool: tools[index]!,
    index,
    previous: tools[index - 1],
    next: tools[index + 1],
    busy,
    onEdit,
    onDelete,
    onMove,
  });
  const roles = (tool: LinkResponse) =>
    tool.categoryIds.map((id) => roleNames.get(id) ?? id).join(', ');

  if (small) {
    return (
      <Box component="ul" aria-label={t.table} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {tools.map((tool, index) => (
          <Box
            component="li"
            key={tool.id}
            sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-child': { border: 0 } }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <ToolIcon tool={tool} size={32} />
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{tool.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {tool.type === 'google-tool' ? t.typeGoogleTool : t.typeTool} · {t.columnSort}{' '}
                  {tool.linkSort}
                  {tool.optional ? ` · ${t.optionalColumn}` : ''}
                </Typography>
              </Box>
            </Box>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {roles(tool)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {targetsOf(tool, groupNames)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <Created tool={tool} />
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5 }}>
              <Actions {...rowProps(index)} />
            </Box>
          </Box>
        ))}
      </Box>
    );
  }

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
                  <Typography variant="body2">{roles(tool)}</Typography>
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
                  <Actions {...rowProps(index)} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
