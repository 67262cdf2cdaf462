import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { sv, type CategoryResponse, type UserDetailResponse } from '@skolportalen/shared';
import { useState } from 'react';
import { useChangeUserCategory } from '../api/change-user-category';
import { RemovableList } from './removable-list';

const t = sv.admin.users;

/** Categories linked to the user directly; those that come with a role are shown, not removable. */
export function UserCategoriesSection({
  user,
  categories,
}: {
  user: UserDetailResponse;
  categories: readonly CategoryResponse[];
}) {
  const [categoryId, setCategoryId] = useState('');
  const change = useChangeUserCategory();
  const direct = new Set(user.directCategoryIds);
  const editable = user.can.edit;
  const addable = categories.filter(
    (category) => !user.categories.some((held) => held.id === category.id),
  );
  return (
    <Stack spacing={2}>
      <RemovableList
        items={user.categories.map((category) => ({
          id: category.id,
          label: category.name,
          detail: direct.has(category.id) ? category.type : t.categoryViaRole,
          fixed: !direct.has(category.id),
        }))}
        empty={t.noCategories}
        disabled={change.isPending}
        onRemove={
          editable
            ? (category) => change.mutate({ userId: user.id, categoryId: category.id, add: false })
            : undefined
        }
      />
      {editable ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
          <TextField
            select
            size="small"
            label={t.addCategory}
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
            sx={{ minWidth: 220 }}
          >
            {addable.map((category) => (
              <MenuItem key={category.id} value={String(category.id)}>
                {`${category.name} (${category.type})`}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={!categoryId || change.isPending}
            onClick={() =>
              change.mutate(
                { userId: user.id, categoryId: Number(categoryId), add: true },
                { onSuccess: () => setCategoryId('') },
              )
            }
          >
            {sv.admin.common.add}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
