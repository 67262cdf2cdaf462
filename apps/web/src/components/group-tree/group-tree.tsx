import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, sv } from '@skolportalen/shared';
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  addStateOf,
  buildTree,
  searchTree,
  type AddRules,
  type TreeItem,
  type TreeNode,
} from './tree-model';

const t = sv.admin.tree;

export interface GroupTreeProps<T extends TreeItem> {
  items: readonly T[];
  /** Names the tree for assistive technology. */
  label: string;
  /** Items open at first; by default the top level. */
  defaultExpanded?: readonly number[];
  /** Adding (targeting): the spec's rules, and what happens on add. */
  add?: AddRules & { onAdd: (item: T) => void };
  /** Extra buttons on each row (move, add a child…). */
  renderActions?: (item: T) => ReactNode;
  /** How an item's type is shown. */
  typeLabel?: (type: string) => string;
}

/**
 * A tree of groups with external ids: open and close branches, search by name
 * or external id, and optionally add items under the spec's rules. Nested
 * lists with disclosure buttons, so every part works with the keyboard alone.
 */
export function GroupTree<T extends TreeItem>({
  items,
  label,
  defaultExpanded,
  add,
  renderActions,
  typeLabel = (type) => type,
}: GroupTreeProps<T>) {
  const roots = useMemo(() => buildTree(items), [items]);
  const [expanded, setExpanded] = useState<Set<number>>(
    () => new Set(defaultExpanded ?? roots.map((node) => node.item.id)),
  );
  // Branches a search opened stay open unless closed by hand; a new search starts over.
  const [closed, setClosed] = useState<Set<number>>(() => new Set());
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchTree(items, query), [items, query]);
  const searchId = useId();

  const isOpen = (id: number) =>
    (expanded.has(id) || Boolean(found?.opened.has(id))) && !closed.has(id);
  const toggle = (id: number) => {
    const open = isOpen(id);
    const change = (set: Set<number>, add: boolean) => {
      const next = new Set(set);
      if (add) next.add(id);
      else next.delete(id);
      return next;
    };
    setExpanded((current) => change(current, !open));
    setClosed((current) => change(current, open));
  };

  const renderNode = (node: TreeNode<T>, depth: number): ReactNode => {
    const { item } = node;
    if (found && !found.visible.has(item.id)) return null;
    const open = isOpen(item.id);
    const state = add ? addStateOf(item, add) : null;
    return (
      <Box component="li" key={item.id} sx={{ listStyle: 'none' }}>
        <Stack
          direction="row"
          alignItems="center"
          spacing={1}
          sx={{
            py: 0.5,
            pl: depth * 2,
            borderBottom: 1,
            borderColor: 'divider',
            flexWrap: 'wrap',
            bgcolor: found?.matches.has(item.id) ? 'action.selected' : undefined,
          }}
        >
          {node.children.length ? (
            <IconButton
              size="small"
              aria-expanded={open}
              aria-label={format(open ? t.collapse : t.expand, { name: item.name })}
              onClick={() => toggle(item.id)}
            >
              {open ? <ExpandMore /> : <ChevronRight />}
            </IconButton>
          ) : (
            <Box sx={{ width: 34 }} aria-hidden />
          )}
          <Typography sx={{ fontWeight: 600 }}>{item.name}</Typography>
          <Chip size="small" label={typeLabel(item.type)} variant="outlined" />
          {item.externalId ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
            >
              {format(t.externalId, { id: item.externalId })}
            </Typography>
          ) : null}
          {node.children.length ? (
            <Typography variant="body2" color="text.secondary">
              {format(t.childCount, { count: node.children.length })}
            </Typography>
          ) : null}
          <Box sx={{ flex: 1 }} />
          {renderActions?.(item)}
          {add && state ? (
            <Button
              size="small"
              variant={state === 'added' ? 'text' : 'outlined'}
              startIcon={state === 'added' ? <CheckCircle /> : <AddCircleOutline />}
              disabled={state !== 'addable'}
              onClick={() => add.onAdd(item)}
              aria-label={format(
                state === 'added' ? t.added : state === 'blocked' ? t.notAddable : t.add,
                { name: item.name },
              )}
            >
              {state === 'added' ? t.addedShort : sv.admin.common.add}
            </Button>
          ) : null}
        </Stack>
        {open && node.children.length ? (
          <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={item.name}>
            {node.children.map((child) => renderNode(child, depth + 1))}
          </Box>
        ) : null}
      </Box>
    );
  };

  const allIds = () => new Set(items.map((item) => item.id));
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <TextField
          id={searchId}
          label={t.searchLabel}
          type="search"
          size="small"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setClosed(new Set());
          }}
          sx={{ minWidth: { sm: 320 } }}
        />
        <Button
          onClick={() => {
            setExpanded(allIds());
            setClosed(new Set());
          }}
        >
          {t.expandAll}
        </Button>
        <Button
          onClick={() => {
            setExpanded(new Set());
            setClosed(allIds());
          }}
        >
          {t.collapseAll}
        </Button>
      </Stack>
      <div aria-live="polite">
        {found && found.matches.size === 0 ? <Typography>{t.noMatches}</Typography> : null}
      </div>
      <Box component="ul" aria-label={label} sx={{ m: 0, p: 0 }}>
        {roots.map((node) => renderNode(node, 0))}
      </Box>
    </Box>
  );
}
