import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, sv, type MyAcknowledgement, type PostListItem } from '@skolportalen/shared';
import { useId, useRef, useState } from 'react';
import { longDateTime } from '../components/dates';
import { AcknowledgeButtons } from './acknowledge-buttons';
import { MustReadDeadline } from './must-read-deadline';
import { confirmedMessage } from './must-read-notices';

const t = sv.mustRead.panel;

type ChildState = MyAcknowledgement['children'][number];

const childStateText = (child: ChildState) =>
  child.acknowledgedByMe ? t.childByMe : child.acknowledged ? t.childByOther : t.childPending;

/** A guardian's children the notice concerns, each with where its confirmation stands. */
export function ChildStates({ states }: { states: readonly ChildState[] }) {
  const headingId = useId();
  return (
    <Box>
      <Typography id={headingId} sx={{ fontWeight: 600 }}>
        {t.children}
      </Typography>
      <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {states.map((child) => (
          <Box
            component="li"
            key={child.id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
          >
            {child.acknowledged ? (
              <CheckCircle sx={{ color: 'success.main', fontSize: 20 }} aria-hidden />
            ) : (
              <RadioButtonUnchecked sx={{ color: 'text.secondary', fontSize: 20 }} aria-hidden />
            )}
            <span>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {child.name}
              </Box>
              {': '}
              {childStateText(child)}
            </span>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The reading page's must-read panel (decision 0040): what the notice asks of
 * the reader, the deadline, the same "Jag har läst" buttons as the start page,
 * and once confirmed, when. Nothing for a post that asks nothing of them.
 */
export function MustReadPanel({ post }: { post: PostListItem }) {
  const headingId = useId();
  const statusRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const state = post.myAcknowledgement;
  if (!state) return null;
  const forChildren = state.children.length > 0;
  const done = state.acknowledged;
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      sx={{ borderLeft: 6, borderLeftColor: done ? 'success.main' : 'primary.main' }}
    >
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack spacing={1.5}>
          <Typography id={headingId} component="h2" variant="h6">
            {t.heading}
          </Typography>
          {done ? null : (
            <Typography>
              {forChildren ? t.askChildren : t.askSelf}
              {forChildren && post.acknowledgement === 'each-guardian'
                ? ` ${t.everyGuardian}`
                : null}
            </Typography>
          )}
          {done ? null : <MustReadDeadline post={post} />}
          {forChildren ? <ChildStates states={state.children} /> : null}
          <div role="status" ref={statusRef} tabIndex={-1}>
            {status && !done ? <Typography sx={{ fontWeight: 600 }}>{status}</Typography> : null}
            {done ? (
              <Typography
                sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}
              >
                <CheckCircle aria-hidden />
                {forChildren
                  ? t.confirmedAll
                  : format(t.confirmedSelf, { date: longDateTime(state.acknowledgedAt) })}
              </Typography>
            ) : null}
          </div>
          <AcknowledgeButtons
            post={post}
            onConfirmed={(children) => {
              setStatus(confirmedMessage(post, children));
              requestAnimationFrame(() => statusRef.current?.focus());
            }}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
