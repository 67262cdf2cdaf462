import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { format, sv } from '@skolportalen/shared';
import { useState, type FormEvent } from 'react';
import { useCreateCategory } from '../api/change-categories';
import { useFieldErrors } from './field-errors';
import { SectionCard } from './section-card';

const t = sv.admin.categories;

/** Spec §5 "Category": key (a-z and _), type and name, all required. */
export function CreateCategoryForm({ onCreated }: { onCreated: (message: string) => void }) {
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState('');
  const create = useCreateCategory();
  const { errors, report, clear } = useFieldErrors();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { key, name, type },
      {
        onSuccess: (category) => {
          clear();
          setKey('');
          setName('');
          setType('');
          onCreated(format(t.created, { name: category.name }));
        },
        onError: report,
      },
    );
  };
  return (
    <SectionCard title={t.createTitle}>
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
          helperText={errors.key ?? sv.validation.categoryKey}
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
          label={sv.admin.common.type}
          value={type}
          onChange={(event) => setType(event.target.value)}
          error={Boolean(errors.type)}
          helperText={errors.type ?? t.typeHelp}
          required
        />
        <div>
          <Button type="submit" variant="contained" disabled={create.isPending} sx={{ mt: 1 }}>
            {sv.admin.common.create}
          </Button>
        </div>
      </Stack>
    </SectionCard>
  );
}
