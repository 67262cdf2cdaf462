import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  canContain,
  createBlock,
  format,
  sv,
  type Block,
  type BlockType,
} from '@skolportalen/shared';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { AddBlockMenu } from './add-block-menu';
import { BlockItem, type BlockItemActions } from './block-item';
import { BuilderHelp } from './builder-help';
import {
  allowedTypesIn,
  childrenOf,
  countByType,
  findBlock,
  insertBlock,
  moveBlock,
  moveDown,
  moveTargets,
  moveToEnd,
  moveUp,
  removeBlock,
  typeOfParent,
  updateBlockProps,
} from './tree-ops';

const b = sv.posts.builder;
const endPrefix = 'end:';
const endId = (parentId: string | null) => `${endPrefix}${parentId ?? 'root'}`;

/** A new block with what it needs to be useful: a row with two columns, a table with a heading row. */
export function newBlockOf(type: BlockType): Block {
  if (type === 'row') return createBlock('row', {}, [createBlock('col'), createBlock('col')]);
  if (type === 'table') {
    return createBlock('table', {}, [createBlock('table-heading'), createBlock('table-row')]);
  }
  return createBlock(type);
}

function ListEnd({ parentId, empty }: { parentId: string | null; empty: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: endId(parentId) });
  return (
    <Box
      ref={setNodeRef}
      sx={{
        minHeight: empty ? 40 : 8,
        borderRadius: 1,
        border: empty || isOver ? '1px dashed' : 'none',
        borderColor: isOver ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.hover' : 'transparent',
      }}
    />
  );
}

interface PageBuilderProps {
  value: Block[];
  onChange: (content: Block[]) => void;
  /** Errors by block id and field (see error-map). */
  errors: Record<string, Record<string, string>>;
  /** Blocks shown open when the builder appears (e.g. the new post's text block). */
  initiallyExpanded?: readonly string[];
}

/**
 * The page builder: add, edit, remove and move blocks — by dragging the
 * handle (pointer or keyboard) or with the buttons — always within spec §3's
 * allowed children. Every change is announced in a live region.
 */
export function PageBuilder({ value, onChange, errors, initiallyExpanded = [] }: PageBuilderProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(initiallyExpanded));
  const [message, setMessage] = useState('');
  // Drag callbacks read the newest tree through a ref; dnd-kit keeps them from its first render.
  const tree = useRef(value);
  useLayoutEffect(() => {
    tree.current = value;
  }, [value]);
  const numbers = useMemo(() => countByType(value), [value]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (block: Block) =>
    format(b.blockN, { name: sv.blocks.names[block.type], n: numbers.get(block.id) ?? 1 });
  const parentName = (parentId: string | null) => {
    if (parentId === null) return sv.blocks.rootName;
    const parent = findBlock(value, parentId)?.block;
    return parent ? nameOf(parent) : sv.blocks.rootName;
  };
  const announce = (text: string) => setMessage(text);
  const refocus = (id: string, preferred: string) =>
    requestAnimationFrame(() => {
      const wanted = document.getElementById(`${id}-${preferred}`) as HTMLButtonElement | null;
      const target = wanted && !wanted.disabled ? wanted : document.getElementById(`${id}-drag`);
      target?.focus();
    });

  const announceMove = (next: Block[], id: string) => {
    const found = findBlock(next, id)!;
    announce(
      format(b.moved, {
        name: nameOf(found.block),
        position: found.index + 1,
        count: found.siblings.length,
        parent: parentName(found.parentId),
      }),
    );
  };

  const actions: BlockItemActions = {
    name: nameOf,
    isExpanded: (id) => expanded.has(id),
    toggle: (id) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    errorsOf: (id) => errors[id] ?? {},
    change: (id, props) => onChange(updateBlockProps(value, id, props)),
    move: (id, direction) => {
      const next = direction === 'up' ? moveUp(value, id) : moveDown(value, id);
      if (!next) return;
      onChange(next);
      announceMove(next, id);
      refocus(id, direction);
    },
    targets: (id) => moveTargets(value, id),
    moveTo: (id, parentId) => {
      const next = moveToEnd(value, id, parentId);
      const block = findBlock(value, id)!.block;
      if (!next) {
        announce(format(b.cannotMove, { name: nameOf(block) }));
        return;
      }
      onChange(next);
      announceMove(next, id);
      refocus(id, 'move');
    },
    remove: (id) => {
      const found = findBlock(value, id);
      if (!found) return;
      const name = nameOf(found.block);
      const next = removeBlock(value, id);
      onChange(next);
      announce(format(b.removed, { name }));
      // Focus goes to the neighbour that took its place, or the list's add button.
      const neighbour = found.siblings[found.index + 1] ?? found.siblings[found.index - 1];
      requestAnimationFrame(() =>
        (neighbour
          ? document.getElementById(`${neighbour.id}-drag`)
          : document.getElementById(`add-${found.parentId ?? 'root'}`)?.querySelector('button')
        )?.focus(),
      );
    },
  };

  const add = (parentId: string | null, type: BlockType) => {
    const block = newBlockOf(type);
    const list = childrenOf(value, parentId) ?? [];
    const next = insertBlock(value, parentId, list.length, block);
    if (!next) return;
    onChange(next);
    setExpanded((current) => new Set(current).add(block.id));
    const numbered = countByType(next);
    announce(
      format(b.added, {
        name: format(b.blockN, { name: sv.blocks.names[type], n: numbered.get(block.id) ?? 1 }),
        parent: parentName(parentId),
      }),
    );
    requestAnimationFrame(() => document.getElementById(`${block.id}-drag`)?.focus());
  };

  /** Where a drop over `overId` would put the block: its parent and index there. */
  const dropPlace = (current: Block[], overId: UniqueIdentifier) => {
    const id = String(overId);
    if (id.startsWith(endPrefix)) {
      const parentId = id === endId(null) ? null : id.slice(endPrefix.length);
      return { parentId, index: childrenOf(current, parentId)?.length ?? 0 };
    }
    const over = findBlock(current, id);
    return over ? { parentId: over.parentId, index: over.index } : null;
  };

  /** The tree after dropping block `id` over `overId`, or null where it may not go. */
  const dropped = (current: Block[], id: string, overId: UniqueIdentifier) => {
    const place = dropPlace(current, overId);
    return place ? moveBlock(current, id, place.parentId, place.index) : null;
  };

  // Only places that may hold the dragged block count as drop targets.
  const collisions: CollisionDetection = (args) => {
    const active = findBlock(tree.current, String(args.active.id));
    const droppableContainers = args.droppableContainers.filter((container) => {
      if (!active) return false;
      const place = dropPlace(tree.current, container.id);
      if (!place) return false;
      if (
        place.parentId !== null &&
        (place.parentId === active.block.id || findBlock(active.block.children, place.parentId))
      ) {
        return false;
      }
      const parentType = typeOfParent(tree.current, place.parentId);
      return parentType !== null && canContain(parentType, active.block.type);
    });
    return closestCenter({ ...args, droppableContainers });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || over.id === active.id) return;
    const id = String(active.id);
    const next = dropped(value, id, over.id);
    if (!next) {
      const block = findBlock(value, id)?.block;
      if (block) announce(format(b.cannotMove, { name: nameOf(block) }));
      return;
    }
    onChange(next);
  };

  const labelOf = (id: UniqueIdentifier) => {
    const found = findBlock(tree.current, String(id));
    if (found) return nameOf(found.block);
    const text = String(id);
    return text.startsWith(endPrefix)
      ? parentName(text === endId(null) ? null : text.slice(endPrefix.length))
      : text;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => format(b.dragStart, { name: labelOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? format(b.dragOver, { name: labelOf(active.id), target: labelOf(over.id) }) : undefined,
    // Said as the block is dropped, before the tree changes: where it lands, by its name when lifted.
    onDragEnd: ({ active, over }) => {
      if (!over) return format(b.dragCancel, { name: labelOf(active.id) });
      const id = String(active.id);
      const next = over.id === active.id ? tree.current : dropped(tree.current, id, over.id);
      if (!next) return format(b.cannotMove, { name: labelOf(active.id) });
      const found = findBlock(next, id);
      return found
        ? format(b.moved, {
            name: labelOf(active.id),
            position: found.index + 1,
            count: found.siblings.length,
            parent: parentName(found.parentId),
          })
        : format(b.dragEnd, { name: labelOf(active.id) });
    },
    onDragCancel: ({ active }) => format(b.dragCancel, { name: labelOf(active.id) }),
  };

  const list = (blocks: readonly Block[], parentId: string | null, depth: number) => (
    <SortableContext items={blocks.map((block) => block.id)} strategy={verticalListSortingStrategy}>
      <Box
        component="ul"
        aria-label={
          parentId === null ? b.label : format(b.children, { name: parentName(parentId) })
        }
        sx={{ p: 0, m: 0 }}
      >
        {blocks.map((block, index) => (
          <BlockItem
            key={block.id}
            block={block}
            index={index}
            count={blocks.length}
            depth={depth}
            actions={actions}
          >
            {list(block.children, block.id, depth + 1)}
          </BlockItem>
        ))}
      </Box>
      <ListEnd parentId={parentId} empty={blocks.length === 0} />
      <Box id={`add-${parentId ?? 'root'}`} sx={{ mt: 0.5 }}>
        <AddBlockMenu
          types={allowedTypesIn(value, parentId)}
          label={parentId === null ? b.addTop : format(b.addInside, { name: parentName(parentId) })}
          onAdd={(type) => add(parentId, type)}
        />
      </Box>
    </SortableContext>
  );

  return (
    <Box>
      <BuilderHelp />
      {value.length === 0 ? <Typography sx={{ my: 1 }}>{b.empty}</Typography> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: b.helpText.at(-2)! },
        }}
      >
        {list(value, null, 0)}
      </DndContext>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {message}
      </Box>
    </Box>
  );
}
