import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { hasCapability, sv } from '@skolportalen/shared';
import { userEndpoints } from '@skolportalen/shared/endpoints/users';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callList } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useDebounced } from '@/lib/use-debounced';
import { fieldId, type EditorForm } from '../editor-form';

const t = sv.posts.editor;

/** Assigned editors: they may change the content, not the publishing settings. */
export function EditorsSection({ form }: { form: EditorForm }) {
  const { values, set, error, restricted } = form;
  const { data: me } = useCurrentUser();
  const maySearch = me ? hasCapability(me.capabilities, 'user_list') : false;
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 300);
  const [known, setKnown] = useState<ReadonlyMap<number, string>>(new Map());
  const results = useQuery({
    queryKey: ['posts', 'editor-search', search],
    enabled: maySearch && search.length >= 2,
    queryFn: async ({ signal }) =>
      (await callList(userEndpoints.list, { query: { perPage: 20, search }, signal })).items,
  });
  const nameOf = (id: number) => known.get(id) ?? `#${id}`;

  if (!maySearch) {
    return (
      <Stack spacing={1} id={fieldId('editorIds')} tabIndex={-1}>
        <Typography variant="body2" color="text.secondary">
          {t.editorsHint} {t.editorsNoAccess}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {values.editorIds.map((id) => (
            <Chip key={id} label={nameOf(id)} size="small" />
          ))}
        </Stack>
      </Stack>
    );
  }
  const options = (results.data ?? []).filter((user) => user.id !== me?.id);
  return (
    <Autocomplete
      multiple
      id={fieldId('editorIds')}
      disabled={restricted}
      options={options.map((user) => user.id)}
      value={values.editorIds}
      filterOptions={(ids) => ids}
      getOptionLabel={(id) => options.find((user) => user.id === id)?.name ?? nameOf(id)}
      inputValue={input}
      onInputChange={(_event, value) => setInput(value)}
      onChange={(_event, ids) => {
        const next = new Map(known);
        for (const user of options) next.set(user.id, user.name);
        setKnown(next);
        set({ editorIds: ids });
      }}
      loading={results.isFetching}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t.editorsSearch}
          error={Boolean(error('editorIds'))}
          helperText={error('editorIds') ?? t.editorsHint}
        />
      )}
    />
  );
}
