import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { favoriteUpdate, format, sv, type FavoriteResponse } from '@skolportalen/shared';
import { useState, type FormEvent } from 'react';

const t = sv.toolsAndProfile.favorites;

interface FavoriteRowProps {
  favorite: FavoriteResponse;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onRename: (name: string) => void;
  onRemove: () => void;
}

/** One favourite in the editing list: rename in place, move one step, remove. */
export function FavoriteRow({
  favorite,
  first,
  last,
  busy,
  onMove,
  onRename,
  onRemove,
}: FavoriteRowProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(favorite.name);
  const [error, setError] = useState<string>();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const result = favoriteUpdate.safeParse({ name });
    if (!result.success) {
      setError(result.error.issues[0]?.message);
      return;
    }
    onRename(name);
    setEditing(false);
  };

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {editing ? (
        <Stack
          component="form"
          noValidate
          onSubmit={save}
          direction="row"
          spacing={1}
          sx={{ flex: 1, minWidth: 240, alignItems: 'flex-start' }}
        >
          <TextField
            label={t.name}
            size="small"
            autoFocus
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? t.nameHint}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained">
            {t.save}
          </Button>
          <Button
            onClick={() => {
              setEditing(false);
              setName(favorite.name);
            }}
          >
            {t.cancel}
          </Button>
        </Stack>
      ) : (
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography sx={{ fontWeight: 600 }}>{favorite.name}</Typography>
          <Link
            href={favorite.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {favorite.url}
          </Link>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        <IconButton
          aria-label={format(t.moveUp, { name: favorite.name })}
          disabled={busy || first}
          onClick={() => onMove(-1)}
        >
          <ArrowUpward />
        </IconButton>
        <IconButton
          aria-label={format(t.moveDown, { name: favorite.name })}
          disabled={busy || last}
          onClick={() => onMove(1)}
        >
          <ArrowDownward />
        </IconButton>
        {editing ? null : (
          <IconButton
            aria-label={format(t.renameNamed, { name: favorite.name })}
            onClick={() => setEditing(true)}
          >
            <EditOutlined />
          </IconButton>
        )}
        <IconButton
          color="error"
          aria-label={format(t.removeNamed, { name: favorite.name })}
          disabled={busy}
          onClick={onRemove}
        >
          <DeleteOutline />
        </IconButton>
      </Box>
    </Box>
  );
}
