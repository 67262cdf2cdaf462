import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, sv, type CategoryResponse } from '@skolportalen/shared';
import { useState, type FormEvent } from 'react';
import { useCreateRole } from '../api/create-role';
import { useFieldErrors } from './field-errors';

const t = sv.admin.roles;

export function CreateRoleForm({
  roleCategories,
  onCreated,
}: {
  roleCategories: readonly CategoryResponse[];
  onCreated: (message: string) => void;
}) {
  const [key, setKey] = useState('role_');
  const [name, setName] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const create = useCreateRole();
  const { errors, report, clear } = useFieldErrors();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { key, name, categoryId: categoryId ? Number(categoryId) : null },
      {
        onSuccess: (role) => {
          clear();
          setKey('role_');
          setName('');
          setCategoryId('');
          onCreated(format(t.created, { name: role.name }));
        },
        onError: report,
      },
    );
  };

  return (
    <Card sx={{ mt: 3, maxWidth: 900 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {t.createTitle}
        </Typography>
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
        >
          <TextField
            label={sv.admin.common.key}
            value={key}
            onChange={(event) => setKey(event.target.value)}
            error={Boolean(errors.key)}
            helperText={errors.key ?? t.keyHelp}
            required
          />
          <TextField
            label={sv.admin.common.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name ?? ' '}
            required
          />
          <TextField
            select
            label={t.categoryId}
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
            helperText={errors.categoryId ?? ' '}
            error={Boolean(errors.categoryId)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t.noCategory}</MenuItem>
            {roleCategories.map((category) => (
              <MenuItem key={category.id} value={String(category.id)}>
                {category.name}
              </MenuItem>
            ))}
          </TextField>
          <div>
            <Button type="submit" variant="contained" disabled={create.isPending} sx={{ mt: 1 }}>
              {sv.admin.common.create}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
