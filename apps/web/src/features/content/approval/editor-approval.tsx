import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { format, sv, type ApprovalCheck, type PostStatus } from '@skolportalen/shared';
import { useApprovalState } from '../api/approvals';
import { weekdayDateTime } from '../components/dates';

const t = sv.approvals.editor;

const namesOf = (people: readonly { name: string }[]) =>
  people.map((person) => person.name).join(', ');

/** Beside the button that sends the post for approval: who will approve it. */
export function ApproversNote({ check }: { check: ApprovalCheck | undefined }) {
  if (!check?.required || check.approvers.length === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
      {format(t.approvers, { names: namesOf(check.approvers) })}
    </Typography>
  );
}

/**
 * Where a saved post stands with its approval (issue 29): waiting, and for
 * whom; or sent back, with the approver's comment, who wrote it and when,
 * until the author sends it again.
 */
export function ApprovalStatusNotice({ postId, status }: { postId: number; status: PostStatus }) {
  const { data: approval } = useApprovalState(postId);
  if (!approval) return null;
  if (approval.state === 'pending' && status === 'pending') {
    return (
      <Alert severity="info" role="status">
        {format(t.pending, { names: namesOf(approval.approvers) })}{' '}
        {format(t.pendingSince, { date: weekdayDateTime(approval.requestedAt) })}
      </Alert>
    );
  }
  if (approval.state === 'returned' && status === 'draft' && approval.comment) {
    return (
      <Alert severity="warning" role="status">
        <AlertTitle component="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          {format(t.returnedTitle, {
            name: approval.decidedBy?.name ?? '',
            date: weekdayDateTime(approval.decidedAt),
          })}
        </AlertTitle>
        <Typography
          component="blockquote"
          sx={{
            m: 0,
            mb: 1,
            pl: 1.5,
            borderLeft: 3,
            borderColor: 'warning.main',
            whiteSpace: 'pre-wrap',
          }}
        >
          {approval.comment}
        </Typography>
        <Typography variant="body2">{t.returnedHint}</Typography>
      </Alert>
    );
  }
  return null;
}
