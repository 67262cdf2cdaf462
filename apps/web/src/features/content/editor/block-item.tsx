import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DragIndicator from '@mui/icons-material/DragIndicator';
import DriveFileMove from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { allowedChildren, format, sv, type Block, type BlockType } from '@skolportalen/shared';
import { useState, type ReactNode } from 'react';
import { blockSummary } from './block-summary';
import { BlockPropsEditor } from './block-props-editor';

const b = sv.posts.builder;

export interface BlockItemActions {
  name: (block: Block) => string;
  isExpanded: (id: string) => boolean;
  toggle: (id: string) => void;
  errorsOf: (id: string) => Record<string, string>;
  change: (id: string, props: Record<string, unknown>) => void;
  move: (id: string, direction: 'up' | 'down') => void;
  targets: (id: string) => (Block | null)[];
  moveTo: (id: string, parentId: string | null) => void;
  remove: (id: string) => void;
}

const depthColours = ['primary.main', 'secondary.main', 'success.main', 'warning.main'];

/** Fields of a block shown in its own error line: those without a field of their own. */
const placeMessages = (errors: Record<string, string>) =>
  Object.entries(errors)
    .filter(([key]) => key === 'type' || key === 'block' || key === 'children')
    .map(([, message]) => message);

/**
 * One block in the builder: a handle to drag, its name and summary, and the
 * buttons that do the same by keyboard: edit, move up, move down, move to
 * another place, remove. A container shows its own blocks below.
 */
export function BlockItem({
  block,
  index,
  count,
  depth,
  actions,
  children,
}: {
  block: Block;
  index: number;
  count: number;
  depth: number;
  actions: BlockItemActions;
  children?: ReactNode;
}) {
  const name = actions.name(block);
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: block.id, attributes: { roleDescription: b.sortable } });
  const [moveAnchor, setMoveAnchor] = useState<HTMLElement | null>(null);
  const errors = actions.errorsOf(block.id);
  const hasErrors = Object.keys(errors).length > 0;
  const editable = block.type !== 'row';
  const expanded = editable && actions.isExpanded(block.id);
  const summary = blockSummary(block);
  const container = allowedChildren[block.type as BlockType].length > 0;
  const targets = moveAnchor ? actions.targets(block.id) : [];
  const control = (action: string) => `${block.id}-${action}`;

  return (
    <Box
      component="li"
      ref={setNodeRef}
      id={`block-${block.id}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        listStyle: 'none',
        mb: 1,
        border: 1,
        borderColor: hasErrors ? 'error.main' : 'divider',
        borderLeft: 4,
        borderLeftColor: hasErrors ? 'error.main' : depthColours[depth % depthColours.length],
        borderRadius: 1,
        bgcolor: 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 2 : 'auto',
        boxShadow: isDragging ? 6 : 'none',
        opacity: isDragging ? 0.9 : 1,
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 0.5, py: 0.5, flexWrap: 'wrap' }}
      >
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          id={control('drag')}
          aria-label={format(b.dragHandle, { name })}
          sx={{ cursor: 'grab', touchAction: 'none' }}
        >
          <DragIndicator />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 140 }}>
          <Typography component="h3" sx={{ fontWeight: 700, fontSize: '0.95rem' }}>
            {name}
          </Typography>
          {summary ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {summary}
            </Typography>
          ) : null}
        </Box>
        {editable ? (
          <IconButton
            id={control('edit')}
            aria-label={format(expanded ? b.done : b.edit, { name })}
            aria-expanded={expanded}
            aria-controls={expanded ? `${block.id}-fields` : undefined}
            onClick={() => actions.toggle(block.id)}
          >
            {expanded ? <ExpandLess /> : <EditOutlined />}
          </IconButton>
        ) : null}
        <IconButton
          id={control('up')}
          aria-label={format(b.moveUp, { name })}
          disabled={index === 0}
          onClick={() => actions.move(block.id, 'up')}
        >
          <ArrowUpward />
        </IconButton>
        <IconButton
          id={control('down')}
          aria-label={format(b.moveDown, { name })}
          disabled={index === count - 1}
          onClick={() => actions.move(block.id, 'down')}
        >
          <ArrowDownward />
        </IconButton>
        <IconButton
          id={control('move')}
          aria-label={format(b.moveTo, { name })}
          aria-haspopup="menu"
          aria-expanded={moveAnchor ? true : undefined}
          onClick={(event) => setMoveAnchor(event.currentTarget)}
        >
          <DriveFileMove />
        </IconButton>
        <Menu anchorEl={moveAnchor} open={Boolean(moveAnchor)} onClose={() => setMoveAnchor(null)}>
          {targets.length === 0 ? <MenuItem disabled>{b.moveToNone}</MenuItem> : null}
          {targets.map((target) => (
            <MenuItem
              key={target?.id ?? 'page'}
              onClick={() => {
                setMoveAnchor(null);
                actions.moveTo(block.id, target?.id ?? null);
              }}
            >
              {target ? format(b.moveToBlock, { name: actions.name(target) }) : b.moveToPage}
            </MenuItem>
          ))}
        </Menu>
        <IconButton
          id={control('remove')}
          aria-label={format(b.remove, { name })}
          onClick={() => actions.remove(block.id)}
          sx={{ color: 'error.main' }}
        >
          <DeleteOutline />
        </IconButton>
      </Box>
      {placeMessages(errors).map((message) => (
        <Alert key={message} severity="error" sx={{ mx: 1, mb: 1 }}>
          {message}
        </Alert>
      ))}
      {expanded ? (
        <Box id={`${block.id}-fields`} sx={{ px: 2, pb: 2, pt: 1 }}>
          <BlockPropsEditor
            block={block}
            name={name}
            errors={errors}
            onChange={(props) => actions.change(block.id, props)}
          />
        </Box>
      ) : null}
      {container ? <Box sx={{ pl: { xs: 1, sm: 3 }, pr: 1, pb: 1 }}>{children}</Box> : null}
    </Box>
  );
}
