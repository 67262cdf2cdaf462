import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  format,
  hasCapability,
  limits,
  postTypes,
  slugify,
  sv,
  typesNeedingExcerpt,
  type PostType,
} from '@skolportalen/shared';
import { useCurrentUser } from '@/lib/current-user';
import { useEditorSlots } from '../editor-slots';
import { fieldId, type EditorForm } from '../editor-form';
import { SlugField } from './slug-field';

const t = sv.posts.editor;

/** Types the editor offers: crisis alerts need create_alert, courses create_course and their fields. */
function offeredTypes(
  capabilities: Record<string, boolean | undefined>,
  current: PostType,
  courses: boolean,
) {
  return postTypes.filter((type) => {
    if (type === current) return true;
    if (type === 'alert') return hasCapability(capabilities, 'create_alert');
    if (type === 'course') return courses && hasCapability(capabilities, 'create_course');
    return true;
  });
}

/** Type, title, excerpt, address and shown sender. */
export function TextSection({ form, isNew }: { form: EditorForm; isNew: boolean }) {
  const { data: user } = useCurrentUser();
  const { values, set, error, restricted } = form;
  const slots = useEditorSlots();
  const excerptRequired = typesNeedingExcerpt.includes(values.type);
  return (
    <Stack spacing={2.5}>
      <TextField
        select
        id={fieldId('type')}
        label={t.type}
        value={values.type}
        disabled={restricted}
        onChange={(event) => set({ type: event.target.value as PostType })}
        error={Boolean(error('type'))}
        helperText={error('type')}
        sx={{ maxWidth: 360 }}
      >
        {offeredTypes(user?.capabilities ?? {}, values.type, Boolean(slots.courseFields)).map(
          (type) => (
            <MenuItem key={type} value={type}>
              {sv.content.types[type]}
            </MenuItem>
          ),
        )}
      </TextField>
      <TextField
        id={fieldId('title')}
        label={t.title}
        required
        value={values.title}
        onChange={(event) => {
          const title = event.target.value;
          // A new post's address follows its title until the author writes one.
          const follow =
            isNew && !restricted && (values.slug === '' || values.slug === slugify(values.title));
          set(follow ? { title, slug: title.trim() ? slugify(title) : '' } : { title });
        }}
        error={Boolean(error('title'))}
        helperText={
          error('title') ??
          format('{n}/{max}', { n: values.title.length, max: limits.postTitleMax })
        }
        slotProps={{ htmlInput: { maxLength: limits.postTitleMax } }}
      />
      <TextField
        id={fieldId('excerpt')}
        label={t.excerpt}
        required={excerptRequired}
        multiline
        minRows={2}
        value={values.excerpt}
        onChange={(event) => set({ excerpt: event.target.value })}
        error={Boolean(error('excerpt'))}
        helperText={
          error('excerpt') ?? `${t.excerptHint} (${values.excerpt.length}/${limits.postExcerptMax})`
        }
        slotProps={{ htmlInput: { maxLength: limits.postExcerptMax } }}
      />
      <SlugField form={form} />
      <TextField
        id={fieldId('pseudoAuthor')}
        label={t.pseudoAuthor}
        value={values.pseudoAuthor}
        onChange={(event) => set({ pseudoAuthor: event.target.value })}
        error={Boolean(error('pseudoAuthor'))}
        helperText={error('pseudoAuthor') ?? t.pseudoAuthorHint}
      />
    </Stack>
  );
}
