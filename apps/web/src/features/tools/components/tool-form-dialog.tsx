import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  format,
  limits,
  sv,
  type CategoryResponse,
  type LinkResponse,
  type NodeResponse,
} from '@skolportalen/shared';
import { useState, type FormEvent } from 'react';
import { GroupTreePicker } from '@/components/group-tree-picker';
import { isApiError } from '@/lib/api-client';
import { useSaveTool } from '../api/save-tool';
import { ToolIconField } from './tool-icon-field';
import {
  emptyTool,
  formValuesOf,
  validateTool,
  type ToolErrorField,
  type ToolField,
  type ToolFormValues,
} from './tool-values';

const t = sv.toolsAndProfile.adminTools;

interface ToolFormDialogProps {
  /** The tool to edit; a new one when left out. */
  tool?: LinkResponse;
  groups: readonly NodeResponse[];
  roleCategories: readonly CategoryResponse[];
  /** Where a principal may aim tools; everywhere when left out. */
  groupRootIds?: readonly number[];
  mayCreateGoogleTools: boolean;
  onClose: () => void;
  onSaved: (tool: LinkResponse) => void;
}

const textFields: { field: ToolField; label: string; max: number; multiline?: boolean }[] = [
  { field: 'name', label: t.name, max: limits.linkNameMax },
  { field: 'shortDescription', label: t.shortDescription, max: limits.linkShortDescriptionMax },
  {
    field: 'longDescription',
    label: t.longDescription,
    max: limits.linkLongDescriptionMax,
    multiline: true,
  },
];

/** Create or edit a tool: texts, address, type, order, icon and who it is for. */
export function ToolFormDialog({
  tool,
  groups,
  roleCategories,
  groupRootIds,
  mayCreateGoogleTools,
  onClose,
  onSaved,
}: ToolFormDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [values, setValues] = useState<ToolFormValues>(tool ? formValuesOf(tool) : emptyTool);
  const [errors, setErrors] = useState<Partial<Record<ToolErrorField, string>>>({});
  const save = useSaveTool();
  const serverErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const errorFor = (field: ToolErrorField) => errors[field] ?? serverErrors[field];
  const generalError =
    save.error && !Object.keys(serverErrors).length
      ? isApiError(save.error)
        ? save.error.message
        : t.saveFailed
      : undefined;

  const set = <K extends ToolField>(field: K, value: ToolFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = validateTool(values);
    setErrors(found);
    if (!input) {
      const first = Object.keys(found)[0];
      document.getElementById(`tool-${first}`)?.focus();
      return;
    }
    save.mutate({ id: tool?.id, values: input }, { onSuccess: onSaved });
  };

  const toggleRole = (id: number) =>
    set(
      'categoryIds',
      values.categoryIds.includes(id)
        ? values.categoryIds.filter((item) => item !== id)
        : [...values.categoryIds, id],
    );

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="tool-form-title"
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="tool-form-title">{tool ? t.editTitle : t.createTitle}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            {generalError ? <Alert severity="error">{generalError}</Alert> : null}
            {textFields.map(({ field, label, max, multiline }) => (
              <TextField
                key={field}
                id={`tool-${field}`}
                label={label}
                required
                multiline={multiline}
                minRows={multiline ? 2 : undefined}
                value={values[field]}
                onChange={(event) => set(field, event.target.value)}
                error={Boolean(errorFor(field))}
                helperText={
                  errorFor(field) ?? format(t.counter, { n: String(values[field]).length, max })
                }
              />
            ))}
            <TextField
              id="tool-url"
              label={t.url}
              required
              type="url"
              value={values.url}
              onChange={(event) => set('url', event.target.value)}
              error={Boolean(errorFor('url'))}
              helperText={errorFor('url') ?? (values.type === 'google-tool' ? t.googleHint : ' ')}
            />
            {mayCreateGoogleTools || values.type === 'google-tool' ? (
              <FormControl>
                <FormLabel id="tool-type-label">{t.type}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="tool-type-label"
                  value={values.type}
                  onChange={(event) => set('type', event.target.value as ToolFormValues['type'])}
                >
                  <FormControlLabel value="tool" control={<Radio />} label={t.typeTool} />
                  <FormControlLabel
                    value="google-tool"
                    control={<Radio />}
                    label={t.typeGoogleTool}
                    disabled={!mayCreateGoogleTools}
                  />
                </RadioGroup>
              </FormControl>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                id="tool-linkSort"
                label={t.linkSort}
                type="number"
                value={values.linkSort}
                onChange={(event) => set('linkSort', event.target.value)}
                error={Boolean(errorFor('linkSort'))}
                helperText={errorFor('linkSort') ?? ' '}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={values.optional}
                    onChange={(event) => set('optional', event.target.checked)}
                  />
                }
                label={t.optional}
              />
            </Stack>
            <ToolIconField
              id="tool"
              icon={values.icon}
              name={values.name}
              type={values.type}
              error={errorFor('mediaId')}
              onChange={(icon) => {
                set('icon', icon);
                if (errors.mediaId) setErrors((current) => ({ ...current, mediaId: undefined }));
              }}
            />
            <FormControl component="fieldset" error={Boolean(errorFor('categoryIds'))}>
              <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary' }}>
                {t.roles}
              </FormLabel>
              <FormGroup row id="tool-categoryIds" tabIndex={-1}>
                {roleCategories.map((category) => (
                  <FormControlLabel
                    key={category.id}
                    control={
                      <Checkbox
                        checked={values.categoryIds.includes(category.id)}
                        onChange={() => toggleRole(category.id)}
                      />
                    }
                    label={category.name}
                  />
                ))}
              </FormGroup>
              {errorFor('categoryIds') ? (
                <FormHelperText>{errorFor('categoryIds')}</FormHelperText>
              ) : null}
            </FormControl>
            <div id="tool-nodeIds" tabIndex={-1}>
              <GroupTreePicker
                groups={groups}
                rootIds={groupRootIds}
                selected={values.nodeIds}
                onChange={(ids) => set('nodeIds', ids)}
                legend={t.groups}
                hint={t.groupsHint}
                error={errorFor('nodeIds')}
              />
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? t.saving : t.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
