import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, limits, sv } from '@skolportalen/shared';
import type { ReactNode } from 'react';
import { fieldId, type EditorForm } from '../editor-form';

const t = sv.posts.editor;

function ItemFrame({
  title,
  removeLabel,
  onRemove,
  children,
}: {
  title: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}
    >
      <Typography component="legend" sx={{ fontWeight: 700, float: 'left', p: 0, mt: 1 }}>
        {title}
      </Typography>
      <IconButton
        aria-label={removeLabel}
        onClick={onRemove}
        sx={{ color: 'error.main', float: 'right' }}
      >
        <DeleteOutline />
      </IconButton>
      <Stack spacing={2} sx={{ clear: 'both', mt: 1 }}>
        {children}
      </Stack>
    </Box>
  );
}

/** Blurbs ("puffar"): a title and a short text each. */
export function BlurbsSection({ form }: { form: EditorForm }) {
  const { values, set, error } = form;
  const update = (index: number, patch: Partial<(typeof values.blurbs)[number]>) =>
    set({
      blurbs: values.blurbs.map((blurb, at) => (at === index ? { ...blurb, ...patch } : blurb)),
    });
  return (
    <Stack spacing={2} id={fieldId('blurbs')} tabIndex={-1}>
      {error('blurbs') ? <Typography color="error">{error('blurbs')}</Typography> : null}
      {values.blurbs.map((blurb, index) => (
        <ItemFrame
          key={index}
          title={format(t.blurbN, { n: index + 1 })}
          removeLabel={format(t.removeBlurb, { n: index + 1 })}
          onRemove={() => set({ blurbs: values.blurbs.filter((_, at) => at !== index) })}
        >
          <TextField
            id={fieldId(`blurbs.${index}.title`)}
            label={t.blurbTitle}
            value={blurb.title}
            onChange={(event) => update(index, { title: event.target.value })}
            error={Boolean(error(`blurbs.${index}.title`))}
            helperText={error(`blurbs.${index}.title`)}
            slotProps={{ htmlInput: { maxLength: limits.blurbTitleMax } }}
          />
          <TextField
            id={fieldId(`blurbs.${index}.text`)}
            label={t.blurbText}
            multiline
            minRows={2}
            value={blurb.text}
            onChange={(event) => update(index, { text: event.target.value })}
            error={Boolean(error(`blurbs.${index}.text`))}
            helperText={
              error(`blurbs.${index}.text`) ?? `${blurb.text.length}/${limits.blurbTextMax}`
            }
            slotProps={{ htmlInput: { maxLength: limits.blurbTextMax } }}
          />
        </ItemFrame>
      ))}
      <Box>
        <Button
          startIcon={<Add />}
          onClick={() => set({ blurbs: [...values.blurbs, { title: '', text: '' }] })}
        >
          {t.addBlurb}
        </Button>
      </Box>
    </Stack>
  );
}

/** Info links: a text, an address and whether it opens in a new window. */
export function InfoSection({ form }: { form: EditorForm }) {
  const { values, set, error } = form;
  const update = (index: number, patch: Partial<(typeof values.info)[number]>) =>
    set({ info: values.info.map((link, at) => (at === index ? { ...link, ...patch } : link)) });
  return (
    <Stack spacing={2} id={fieldId('info')} tabIndex={-1}>
      {error('info') ? <Typography color="error">{error('info')}</Typography> : null}
      {values.info.map((link, index) => (
        <ItemFrame
          key={index}
          title={format(t.infoN, { n: index + 1 })}
          removeLabel={format(t.removeInfo, { n: index + 1 })}
          onRemove={() => set({ info: values.info.filter((_, at) => at !== index) })}
        >
          <TextField
            id={fieldId(`info.${index}.title`)}
            label={t.infoTitle}
            required
            value={link.title}
            onChange={(event) => update(index, { title: event.target.value })}
            error={Boolean(error(`info.${index}.title`))}
            helperText={error(`info.${index}.title`)}
            slotProps={{ htmlInput: { maxLength: limits.infoTitleMax } }}
          />
          <TextField
            id={fieldId(`info.${index}.url`)}
            label={t.infoUrl}
            required
            type="url"
            value={link.url}
            onChange={(event) => update(index, { url: event.target.value })}
            error={Boolean(error(`info.${index}.url`))}
            helperText={error(`info.${index}.url`)}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={link.openInNewWindow}
                onChange={(event) => update(index, { openInNewWindow: event.target.checked })}
              />
            }
            label={t.infoNewWindow}
          />
        </ItemFrame>
      ))}
      <Box>
        <Button
          startIcon={<Add />}
          onClick={() =>
            set({ info: [...values.info, { title: '', url: '', openInNewWindow: false }] })
          }
        >
          {t.addInfo}
        </Button>
      </Box>
    </Stack>
  );
}

/** The contact person shown under the text. */
export function ContactSection({ form }: { form: EditorForm }) {
  const { values, set, error } = form;
  const field = (key: keyof typeof values.contact, label: string, type = 'text') => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        id={fieldId(`contact.${key}`)}
        label={label}
        type={type}
        fullWidth
        value={values.contact[key]}
        onChange={(event) => set({ contact: { ...values.contact, [key]: event.target.value } })}
        error={Boolean(error(`contact.${key}`))}
        helperText={error(`contact.${key}`)}
      />
    </Grid>
  );
  return (
    <Grid container spacing={2} id={fieldId('contact')} tabIndex={-1}>
      {field('name', t.contactName)}
      {field('title', t.contactTitle)}
      {field('email', t.contactEmail, 'email')}
      {field('phone', t.contactPhone, 'tel')}
    </Grid>
  );
}
