import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, sv } from '@skolportalen/shared';
import { paths } from '@/lib/paths';
import { useSlugAvailability } from '../../api/slug-availability';
import { fieldId, type EditorForm } from '../editor-form';

const t = sv.posts.editor;

/** The address, checked while typing (debounced) against GET /post-slug-availability. */
export function SlugField({ form }: { form: EditorForm }) {
  const { values, set, error, restricted, postId } = form;
  const check = useSlugAvailability(values.slug, postId, !restricted);
  const result = check.data && check.data.slug === check.settled ? check.data : undefined;
  const url = values.slug.trim() ? paths.post.href(values.type, values.slug.trim()) : null;

  let status: string | undefined;
  let taken = false;
  if (!restricted && values.slug.trim() !== '') {
    if (check.checking) status = t.slugChecking;
    else if (result?.available) status = t.slugFree;
    else if (result) {
      taken = true;
      status = result.message ?? format(t.slugTaken, { suggestion: result.suggestion });
    }
  }
  const serverError = error('slug');
  return (
    <Stack spacing={0.5}>
      <TextField
        id={fieldId('slug')}
        label={t.slug}
        value={values.slug}
        disabled={restricted}
        onChange={(event) => set({ slug: event.target.value.toLowerCase() })}
        error={Boolean(serverError) || taken}
        helperText={serverError ?? (url ? format(t.slugHint, { url }) : undefined)}
        slotProps={{
          htmlInput: {
            'aria-describedby': `${fieldId('slug')}-helper-text ${fieldId('slug')}-status`,
            spellCheck: false,
          },
        }}
      />
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', minHeight: 32, flexWrap: 'wrap' }}
      >
        <Typography
          id={`${fieldId('slug')}-status`}
          role="status"
          variant="body2"
          sx={{ color: taken ? 'error.main' : 'text.secondary' }}
        >
          {status}
        </Typography>
        {taken && result ? (
          <Button size="small" onClick={() => set({ slug: result.suggestion })}>
            {format(t.useSuggestion, { suggestion: result.suggestion })}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
