import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { pagePlacements, sv, type PagePlacement } from '@skolportalen/shared';
import { SwedishDateField } from '@/components/swedish-date-field';
import { fieldId, type EditorForm } from '../editor-form';

const t = sv.posts.editor;
const pageTypes = new Set(['page', 'page-related']);

/** Dates, placement, comments and notification: the publishing settings. */
export function PublishingSection({ form }: { form: EditorForm }) {
  const { values, set, error, restricted } = form;
  const date = (field: 'publishedDate' | 'unpublishedDate', label: string, hint: string) => (
    <SwedishDateField
      id={fieldId(field)}
      withTime
      label={label}
      value={values[field]}
      disabled={restricted}
      onChange={(value) => set({ [field]: value })}
      error={Boolean(error(field))}
      helperText={error(field) ?? hint}
    />
  );
  return (
    <Stack spacing={2.5}>
      {restricted ? <Alert severity="info">{t.restricted}</Alert> : null}
      {date('publishedDate', t.publishedDate, t.publishedDateHint)}
      {date('unpublishedDate', t.unpublishedDate, t.unpublishedDateHint)}
      {pageTypes.has(values.type) || values.pagePlacement !== 'none' ? (
        <TextField
          select
          id={fieldId('pagePlacement')}
          label={t.pagePlacement}
          value={values.pagePlacement}
          disabled={restricted}
          onChange={(event) => set({ pagePlacement: event.target.value as PagePlacement })}
          error={Boolean(error('pagePlacement'))}
          helperText={error('pagePlacement')}
        >
          {pagePlacements.map((placement) => (
            <MenuItem key={placement} value={placement}>
              {sv.content.pagePlacements[placement]}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <FormControlLabel
        control={
          <Switch
            id={fieldId('allowComments')}
            checked={values.allowComments}
            disabled={restricted}
            onChange={(event) => set({ allowComments: event.target.checked })}
          />
        }
        label={t.allowComments}
      />
      <FormControlLabel
        control={
          <Switch
            id={fieldId('sendNotification')}
            checked={values.sendNotification}
            disabled={restricted}
            onChange={(event) => set({ sendNotification: event.target.checked })}
          />
        }
        label={t.sendNotification}
      />
    </Stack>
  );
}
