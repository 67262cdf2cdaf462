import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { postStatuses, postTypes, sv, type PostStatus, type PostType } from '@skolportalen/shared';
import type { ReactNode } from 'react';

const t = sv.posts.lists;

export interface PostFilterValues {
  type: PostType | '';
  status: PostStatus | '';
  search: string;
}

/** Type, status and free text; more filters (author, group) may be passed in. */
export function PostFilters({
  value,
  onChange,
  children,
}: {
  value: PostFilterValues;
  onChange: (value: PostFilterValues) => void;
  children?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ alignItems: { md: 'flex-start' }, flexWrap: 'wrap' }}
      role="search"
    >
      <TextField
        label={t.search}
        type="search"
        value={value.search}
        helperText={t.searchHint}
        onChange={(event) => onChange({ ...value, search: event.target.value })}
        size="small"
        sx={{ minWidth: 220 }}
      />
      <TextField
        select
        size="small"
        label={t.type}
        sx={{ minWidth: 200 }}
        value={value.type}
        onChange={(event) => onChange({ ...value, type: event.target.value as PostType | '' })}
      >
        <MenuItem value="">{t.allTypes}</MenuItem>
        {postTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {sv.content.types[type]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t.status}
        sx={{ minWidth: 200 }}
        value={value.status}
        onChange={(event) => onChange({ ...value, status: event.target.value as PostStatus | '' })}
      >
        <MenuItem value="">{t.allStatuses}</MenuItem>
        {postStatuses.map((status) => (
          <MenuItem key={status} value={status}>
            {sv.content.statuses[status]}
          </MenuItem>
        ))}
      </TextField>
      {children}
    </Stack>
  );
}
