import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { sv, type UserListItem } from '@skolportalen/shared';
import { useDeferredValue, useState } from 'react';
import { useUserList } from '../api/list-users';

/** Finds one user by name, username or e-mail (the server searches). */
export function UserPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: UserListItem | null;
  onChange: (user: UserListItem | null) => void;
}) {
  const [input, setInput] = useState('');
  const search = useDeferredValue(input);
  const list = useUserList({
    search,
    role: '',
    nodeId: null,
    status: 'active',
    page: 1,
    perPage: 20,
  });
  return (
    <Autocomplete
      options={list.data?.items ?? []}
      value={value}
      onChange={(_event, user) => onChange(user)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      getOptionLabel={(user) => `${user.name} (${user.uid})`}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      filterOptions={(options) => options}
      noOptionsText={sv.admin.common.noResults}
      loading={list.isFetching}
      loadingText={sv.admin.common.loading}
      renderInput={(params) => <TextField {...params} label={label} size="small" />}
      sx={{ minWidth: 280 }}
    />
  );
}
