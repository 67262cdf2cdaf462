import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  groupTemplateInput,
  sv,
  type GroupTemplateResponse,
  type NodeResponse,
} from '@skolportalen/shared';
import { useState, type FormEvent } from 'react';
import { GroupTreePicker } from '@/components/group-tree-picker';
import { isApiError } from '@/lib/api-client';
import { useSaveGroupTemplate } from '../api/save-group-template';

const t = sv.toolsAndProfile.groupTemplates;
type Field = 'name' | 'nodeIds';

interface GroupTemplateFormProps {
  template?: GroupTemplateResponse;
  groups: readonly NodeResponse[];
  onDone: () => void;
  onCancel?: () => void;
}

/** Name a set of groups and save it as a favourite target group. */
export function GroupTemplateForm({ template, groups, onDone, onCancel }: GroupTemplateFormProps) {
  const [name, setName] = useState(template?.name ?? '');
  const [nodeIds, setNodeIds] = useState<number[]>(template ? [...template.nodeIds] : []);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveGroupTemplate();
  const server = isApiError(save.error) ? save.error.fieldErrors : {};
  const errorFor = (field: Field) => errors[field] ?? server[field];
  const idBase = template ? `template-${template.id}` : 'template-new';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = groupTemplateInput.safeParse({ name, nodeIds });
    if (!result.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      document.getElementById(`${idBase}-name`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(
      { id: template?.id, values: { name, nodeIds } },
      {
        onSuccess: () => {
          if (!template) {
            setName('');
            setNodeIds([]);
          }
          onDone();
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      {save.error && !Object.keys(server).length ? (
        <Alert severity="error">
          {isApiError(save.error) ? save.error.message : sv.errors.network}
        </Alert>
      ) : null}
      <TextField
        id={`${idBase}-name`}
        label={t.name}
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(errorFor('name'))}
        helperText={errorFor('name') ?? ' '}
        sx={{ maxWidth: 480 }}
      />
      <GroupTreePicker
        groups={groups}
        selected={nodeIds}
        onChange={setNodeIds}
        legend={t.groups}
        error={errorFor('nodeIds')}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t.save}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t.cancel}</Button> : null}
      </Stack>
    </Stack>
  );
}
