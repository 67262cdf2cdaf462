import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { format, sv, type ApprovalQueueItem } from '@skolportalen/shared';
import { useId } from 'react';
import { weekdayDateTime } from '../components/dates';

const t = sv.approvals.queue;

/** One waiting post in the approver's list: what it is, who sent it, when, under which rule. */
export function ApprovalItem({
  item,
  onOpen,
}: {
  item: ApprovalQueueItem;
  onOpen: (item: ApprovalQueueItem) => void;
}) {
  const titleId = useId();
  const { post, approval } = item;
  const author = approval.requestedBy ?? post.author;
  const facts = [
    sv.content.types[post.type],
    author ? format(t.by, { name: author.name }) : null,
    format(t.sent, { date: weekdayDateTime(approval.requestedAt) }),
    approval.rule ? format(t.rule, { name: approval.rule.name }) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        py: 2,
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 20rem' }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontSize: '1.1rem' }}>
          {post.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {facts.join(' · ')}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        onClick={() => onOpen(item)}
        aria-label={`${t.open}: ${post.title}`}
      >
        {t.open}
      </Button>
    </Box>
  );
}
