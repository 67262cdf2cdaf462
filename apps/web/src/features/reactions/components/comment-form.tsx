import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, limits } from '@skolportalen/shared';
import { commentTexts } from '@skolportalen/shared/texts/reactions';
import { validationTexts } from '@skolportalen/shared/texts/validation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { TextAreaField } from '@/components/text-area-field';
import { isApiError } from '@/lib/api-client';
import { useCreateComment } from '../api/create-comment';

const t = commentTexts;
const max = limits.commentTextMax;

/**
 * Writes a comment. The shared schema checks the text before it is sent; it
 * loads on the first send, so that reading a post does not load the schema
 * library. What the server refuses (a closed post, too many comments) is
 * shown here.
 */
export function CommentForm({ postId, onPosted }: { postId: number; onPosted: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const create = useCreateComment(postId);
  const fieldId = useId();
  const hintId = useId();

  const serverError = isApiError(create.error) ? create.error : null;
  const fieldError = error ?? serverError?.fieldErrors.text ?? null;
  const formError = serverError && !serverError.fieldErrors.text ? serverError.message : null;
  const left = max - text.length;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const { commentText } = await import('@skolportalen/shared/schemas/comment');
    const parsed = commentText.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? validationTexts.invalidValue);
      fieldRef.current?.focus();
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        setText('');
        onPosted();
      },
      onError: () => fieldRef.current?.focus(),
    });
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      spacing={1}
      sx={{ maxWidth: 720 }}
    >
      <TextAreaField
        id={fieldId}
        label={t.fieldLabel}
        rows={3}
        required
        value={text}
        inputRef={fieldRef}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
          if (create.error) create.reset();
        }}
        error={Boolean(fieldError) || left < 0}
        helperText={
          fieldError ??
          (left < 0
            ? format(validationTexts.maxLength, { n: max })
            : format(t.charactersLeft, { n: left, max }))
        }
        describedBy={hintId}
      />
      <Typography id={hintId} variant="body2" color="text.secondary">
        {t.plainText}
      </Typography>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <div>
        {/* Not `disabled` while sending: that would drop the keyboard focus from the button. */}
        <Button
          type="submit"
          variant="contained"
          startIcon={<Send />}
          aria-disabled={create.isPending || undefined}
        >
          {create.isPending ? t.submitting : t.submit}
        </Button>
      </div>
    </Stack>
  );
}
