import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, sv, type NodeResponse } from '@skolportalen/shared';
import { useId, useMemo, useState } from 'react';

const t = sv.toolsAndProfile.groupPicker;

interface GroupTreePickerProps {
  groups: readonly NodeResponse[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  legend: string;
  hint?: string;
  error?: string;
  /** Offer only these groups and what lies below them; the whole tree when left out. */
  rootIds?: readonly number[];
  /** Shown but not changeable (e.g. targeting an assigned editor may not change). */
  disabled?: boolean;
  /** Id of the fieldset, for an error summary to link to. */
  id?: string;
}

function Label({ node }: { node: NodeResponse }) {
  return (
    <span>
      {node.name}{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        {node.type}
      </Typography>
    </span>
  );
}

/**
 * Picks groups from the groups tree (schools, classes, teaching groups): a
 * checkbox per group, branches that open and close, and a search that lists
 * matches flat. Selected groups show as chips that can be removed.
 */
export function GroupTreePicker({
  groups,
  selected,
  onChange,
  legend,
  hint,
  error,
  rootIds,
  disabled = false,
  id: fieldsetId,
}: GroupTreePickerProps) {
  const baseId = useId();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const byId = useMemo(() => new Map(groups.map((node) => [node.id, node])), [groups]);
  const children = useMemo(() => {
    const map = new Map<number | null, NodeResponse[]>();
    for (const node of groups) {
      const key = node.parentId !== null && byId.has(node.parentId) ? node.parentId : null;
      map.set(key, [...(map.get(key) ?? []), node]);
    }
    return map;
  }, [groups, byId]);
  const roots = rootIds ? rootIds.flatMap((id) => byId.get(id) ?? []) : (children.get(null) ?? []);
  const chosen = new Set(selected);

  const toggle = (id: number) =>
    onChange(chosen.has(id) ? selected.filter((item) => item !== id) : [...selected, id]);
  const toggleOpen = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const inScope = (node: NodeResponse): boolean => {
    if (!rootIds) return true;
    for (let current: NodeResponse | undefined = node; current;) {
      if (rootIds.includes(current.id)) return true;
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    return false;
  };

  const checkbox = (node: NodeResponse) => (
    <FormControlLabel
      control={
        <Checkbox
          size="small"
          checked={chosen.has(node.id)}
          disabled={disabled}
          onChange={() => toggle(node.id)}
        />
      }
      label={<Label node={node} />}
    />
  );

  const branch = (nodes: readonly NodeResponse[], depth: number) => (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, pl: depth === 0 ? 0 : 3 }}>
      {nodes.map((node) => {
        const below = children.get(node.id) ?? [];
        // The top of the tree starts open; below it a branch opens on request.
        const expanded = depth === 0 || open.has(node.id);
        const panelId = `${baseId}-children-${node.id}`;
        return (
          <li key={node.id}>
            <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 40 }}>
              {below.length > 0 && depth > 0 ? (
                <IconButton
                  size="small"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  aria-label={format(expanded ? t.collapse : t.expand, { name: node.name })}
                  onClick={() => toggleOpen(node.id)}
                >
                  {expanded ? <ExpandLess /> : <ExpandMore />}
                </IconButton>
              ) : (
                <Box sx={{ width: depth > 0 ? 34 : 0, flexShrink: 0 }} />
              )}
              {checkbox(node)}
            </Box>
            {below.length > 0 && expanded ? (
              <div id={panelId}>{branch(below, depth + 1)}</div>
            ) : null}
          </li>
        );
      })}
    </Box>
  );

  const query = search.trim().toLocaleLowerCase('sv');
  const matches = query
    ? groups.filter((node) => inScope(node) && node.name.toLocaleLowerCase('sv').includes(query))
    : [];

  return (
    <Box
      component="fieldset"
      id={fieldsetId}
      tabIndex={fieldsetId ? -1 : undefined}
      disabled={disabled}
      sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
    >
      <Typography component="legend" sx={{ fontWeight: 700, mb: 1, p: 0 }}>
        {legend}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {hint}
        </Typography>
      ) : null}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }} aria-live="polite">
        {selected.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t.noneSelected}
          </Typography>
        ) : (
          <>
            <Typography variant="body2" sx={{ alignSelf: 'center' }}>
              {format(t.selected, { n: selected.length })}
            </Typography>
            {selected.map((id) => {
              const name = byId.get(id)?.name ?? String(id);
              return (
                <Chip
                  key={id}
                  label={name}
                  size="small"
                  onDelete={disabled ? undefined : () => toggle(id)}
                  aria-label={disabled ? undefined : format(t.removeSelected, { name })}
                />
              );
            })}
          </>
        )}
      </Stack>
      <TextField
        label={t.search}
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ mb: 1, width: '100%', maxWidth: 360 }}
      />
      <Box
        sx={{
          maxHeight: 360,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          p: 1,
        }}
      >
        {query ? (
          matches.length ? (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {matches.map((node) => (
                <li key={node.id}>{checkbox(node)}</li>
              ))}
            </Box>
          ) : (
            <Typography variant="body2">{t.noMatch}</Typography>
          )
        ) : (
          branch(roots, 0)
        )}
      </Box>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}
