import DoneAll from '@mui/icons-material/DoneAll';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { format, sv, type PostListItem, type ReachedChild } from '@skolportalen/shared';
import { useAcknowledge } from '../api/acknowledge';

const t = sv.mustRead.confirm;

interface AcknowledgeButtonsProps {
  post: PostListItem;
  /** Once recorded: the children confirmed for, none when the reader confirmed for themselves. */
  onConfirmed: (children: ReachedChild[]) => void;
  /** The element naming the notice, so each button says which notice it confirms. */
  describedBy?: string;
}

/**
 * "Jag har läst": one button for a reader reached themselves; for a guardian
 * one per child still to confirm, and "för alla barn" when several are.
 * Nothing once nothing is left to confirm.
 */
export function AcknowledgeButtons({ post, onConfirmed, describedBy }: AcknowledgeButtonsProps) {
  const acknowledge = useAcknowledge();
  const state = post.myAcknowledgement;
  if (!state || state.acknowledged) return null;
  const pending = state.children.filter((child) => !child.acknowledged);
  const busyKey = acknowledge.isPending ? keyOf(acknowledge.variables?.childIds) : null;

  const confirm = (children: ReachedChild[] | null) =>
    acknowledge.mutate(
      { postId: post.id, childIds: children?.map((child) => child.id) },
      { onSuccess: () => onConfirmed(children ?? []) },
    );

  const button = (label: string, children: ReachedChild[] | null, primary: boolean) => {
    const key = keyOf(children?.map((child) => child.id));
    return (
      <Button
        key={key}
        variant={primary ? 'contained' : 'outlined'}
        startIcon={<DoneAll />}
        disabled={acknowledge.isPending}
        aria-describedby={describedBy}
        onClick={() => confirm(children)}
      >
        {busyKey === key ? t.busy : label}
      </Button>
    );
  };

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {state.children.length === 0
        ? button(t.self, null, true)
        : [
            ...(pending.length > 1 ? [button(t.allChildren, pending, true)] : []),
            ...pending.map((child) =>
              button(format(t.child, { name: child.name }), [child], pending.length === 1),
            ),
          ]}
    </Stack>
  );
}

const keyOf = (childIds: readonly number[] | undefined) => (childIds ? childIds.join(',') : 'self');
