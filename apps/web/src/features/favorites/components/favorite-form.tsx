import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { favoriteInput, sv } from '@skolportalen/shared';
import { useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import { useCreateFavorite } from '../api/create-favorite';

const t = sv.toolsAndProfile.favorites;
type Field = 'name' | 'url';

/** Adds a favourite: an address (http or https) and, if wanted, a name. */
export function FavoriteForm({ onAdded }: { onAdded: () => void }) {
  const [values, setValues] = useState({ name: '', url: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const urlRef = useRef<HTMLInputElement>(null);
  const create = useCreateFavorite();
  const server = isApiError(create.error) ? create.error.fieldErrors : {};
  const errorFor = (field: Field) => errors[field] ?? server[field];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = favoriteInput.safeParse(values);
    if (!result.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      urlRef.current?.focus();
      return;
    }
    setErrors({});
    create.mutate(values, {
      onSuccess: () => {
        setValues({ name: '', url: '' });
        onAdded();
      },
    });
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'flex-start' } }}
      aria-label={t.addTitle}
    >
      <TextField
        id="favorite-url"
        label={t.url}
        type="url"
        required
        value={values.url}
        inputRef={urlRef}
        onChange={(event) => setValues((current) => ({ ...current, url: event.target.value }))}
        error={Boolean(errorFor('url'))}
        helperText={errorFor('url') ?? ' '}
        sx={{ flex: 2 }}
      />
      <TextField
        id="favorite-name"
        label={t.name}
        value={values.name}
        onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
        error={Boolean(errorFor('name'))}
        helperText={errorFor('name') ?? t.nameHint}
        sx={{ flex: 1 }}
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<Add />}
        disabled={create.isPending}
        sx={{ height: { md: 56 } }}
      >
        {t.add}
      </Button>
    </Stack>
  );
}
