import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { format, sv, type LinkResponse } from '@skolportalen/shared';
import { ToolIcon } from './tool-icon';

const t = sv.toolsAndProfile.tools;

interface RowProps {
  tool: LinkResponse;
  index: number;
  count: number;
  sortable: boolean;
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (tool: LinkResponse) => void;
}

function SortableRow({ tool, index, count, sortable, busy, onMove, onRemove }: RowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: tool.id,
    disabled: !sortable,
    attributes: { roleDescription: t.sortable },
  });

  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        boxShadow: isDragging ? 4 : 'none',
      }}
    >
      {sortable ? (
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={format(t.dragHandle, { name: tool.name })}
          sx={{ cursor: 'grab', touchAction: 'none' }}
        >
          <DragIndicator />
        </IconButton>
      ) : null}
      <ToolIcon tool={tool} size={36} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{tool.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {tool.shortDescription}
        </Typography>
      </Box>
      <Chip
        size="small"
        variant="outlined"
        label={tool.optional ? t.optional : t.standard}
        sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
      />
      {sortable ? (
        <>
          <IconButton
            aria-label={format(t.moveUp, { name: tool.name })}
            disabled={busy || index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUpward />
          </IconButton>
          <IconButton
            aria-label={format(t.moveDown, { name: tool.name })}
            disabled={busy || index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDownward />
          </IconButton>
        </>
      ) : null}
      {tool.can.remove ? (
        <Button
          color="error"
          startIcon={<DeleteOutline />}
          disabled={busy}
          onClick={() => onRemove(tool)}
          aria-label={format(t.removeNamed, { name: tool.name })}
        >
          {t.remove}
        </Button>
      ) : null}
    </Box>
  );
}

interface SortableToolListProps {
  tools: readonly LinkResponse[];
  /** The user may reorder (edit_own_links). */
  sortable: boolean;
  busy: boolean;
  onReorder: (linkIds: number[]) => void;
  onRemove: (tool: LinkResponse) => void;
}

/**
 * The user's own tools in their order: dragged by the handle with a pointer,
 * or with the keyboard (space lifts, arrows move, space drops), or moved one
 * step with the arrow buttons.
 */
export function SortableToolList({
  tools,
  sortable,
  busy,
  onReorder,
  onRemove,
}: SortableToolListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = tools.map((tool) => tool.id);
  const nameOf = (id: UniqueIdentifier) => tools.find((tool) => tool.id === id)?.name ?? '';
  const placeOf = (id: UniqueIdentifier | undefined) =>
    id === undefined ? 0 : ids.indexOf(Number(id)) + 1;
  const count = tools.length;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      format(t.dragStart, { name: nameOf(active.id), position: placeOf(active.id), count }),
    onDragOver: ({ active, over }) =>
      over
        ? format(t.dragOver, { name: nameOf(active.id), position: placeOf(over.id), count })
        : undefined,
    onDragEnd: ({ active, over }) =>
      format(t.dragEnd, {
        name: nameOf(active.id),
        position: placeOf(over?.id ?? active.id),
        count,
      }),
    onDragCancel: ({ active }) => format(t.dragCancel, { name: nameOf(active.id) }),
  };

  const move = (from: number, to: number) => onReorder(arrayMove(ids, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t.dragInstructions },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Box component="ol" aria-label={t.myListTitle} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {tools.map((tool, index) => (
            <SortableRow
              key={tool.id}
              tool={tool}
              index={index}
              count={count}
              sortable={sortable}
              busy={busy}
              onMove={move}
              onRemove={onRemove}
            />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}
