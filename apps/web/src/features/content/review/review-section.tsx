import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, sv, type PostResponse, type PostReviewInput } from '@skolportalen/shared';
import { useState } from 'react';
import { SwedishDateField } from '@/components/swedish-date-field';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { usePostReview, useReviewChange } from '../api/reviews';
import { longDate } from '../components/dates';

const t = sv.reviews.editor;

/**
 * "Ansvar och granskning" (decision 0045): the post's owner ("Ansvarig"), the
 * date of its next review ("Nästa granskning") and "Markera som granskad".
 * The owner is chosen among the present owner, the author and oneself; the
 * server refuses anyone who may not edit the post.
 */
export function ReviewSection({ post }: { post: PostResponse }) {
  const review = usePostReview(post.id);
  const change = useReviewChange(post.id);
  const { data: me } = useCurrentUser();
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const [reviewDate, setReviewDate] = useState<string | null>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(
    null,
  );
  const state = review.data;
  if (!state) return null;

  const people = new Map<number, string>();
  if (state.owner) people.set(state.owner.id, state.owner.name);
  if (post.author) people.set(post.author.id, post.author.name);
  if (me) people.set(me.id, me.name);
  const chosenOwner = ownerId ?? state.ownerId ?? '';
  const chosenDate = reviewDate ?? state.reviewDate ?? '';
  const reviewed = state.periodMonths > 0;

  const onError = (error: unknown) => {
    if (isApiError(error)) {
      const text = Object.values(error.fieldErrors)[0] ?? error.message;
      setMessage({ severity: 'error', text });
    }
  };
  const save = () => {
    const input: PostReviewInput = {};
    if (ownerId !== null && ownerId !== state.ownerId) input.ownerId = ownerId;
    if (reviewDate !== null && reviewDate !== state.reviewDate) input.reviewDate = reviewDate;
    change.mutate(
      { kind: 'update', input },
      {
        onSuccess: () => {
          setOwnerId(null);
          setReviewDate(null);
          setMessage({ severity: 'success', text: t.saved });
        },
        onError,
      },
    );
  };
  const markReviewed = () =>
    change.mutate(
      { kind: 'reviewed' },
      {
        onSuccess: (next) => {
          setReviewDate(null);
          setMessage({
            severity: 'success',
            text: format(t.reviewed, { date: longDate(next.reviewDate) }),
          });
        },
        onError,
      },
    );

  return (
    <Stack spacing={2}>
      {!state.ownerId || !state.ownerActive ? (
        <Alert severity="warning">
          {state.owner && !state.ownerActive
            ? format(t.inactiveOwner, { name: state.owner.name })
            : t.unowned}
        </Alert>
      ) : null}
      {state.unpublishedAt ? (
        <Alert severity="warning">
          {format(t.unpublished, { date: longDate(state.unpublishedAt) })}
        </Alert>
      ) : state.state === 'overdue' ? (
        <Alert severity="warning">{format(t.overdue, { date: longDate(state.reviewDate) })}</Alert>
      ) : state.state === 'due' ? (
        <Alert severity="info">{format(t.due, { date: longDate(state.reviewDate) })}</Alert>
      ) : null}
      <FormControl fullWidth>
        <InputLabel id="review-owner-label">{t.owner}</InputLabel>
        <Select
          labelId="review-owner-label"
          id="review-owner"
          label={t.owner}
          value={chosenOwner}
          onChange={(event) => setOwnerId(Number(event.target.value))}
          aria-describedby="review-owner-help"
        >
          {[...people].map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </Select>
        <Typography id="review-owner-help" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t.ownerHelp}
        </Typography>
      </FormControl>
      {reviewed ? (
        <SwedishDateField
          id="review-date"
          label={t.reviewDate}
          value={chosenDate}
          onChange={(value) => setReviewDate(value)}
          helperText={t.reviewDateHelp}
        />
      ) : (
        <Typography variant="body2">{t.notReviewed}</Typography>
      )}
      {state.lastReviewedAt ? (
        <Typography variant="body2" color="text.secondary">
          {state.lastReviewedBy
            ? format(t.lastReviewed, {
                date: longDate(state.lastReviewedAt),
                name: state.lastReviewedBy.name,
              })
            : format(t.lastReviewedNoName, { date: longDate(state.lastReviewedAt) })}
        </Typography>
      ) : null}
      <div role="status" aria-live="polite">
        {message ? <Alert severity={message.severity}>{message.text}</Alert> : null}
      </div>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          onClick={save}
          disabled={change.isPending || (ownerId === null && reviewDate === null)}
        >
          {t.save}
        </Button>
        {reviewed ? (
          <Button variant="contained" onClick={markReviewed} disabled={change.isPending}>
            {t.markReviewed}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
