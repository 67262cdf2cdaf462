import DoneAll from '@mui/icons-material/DoneAll';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  format,
  type MyAcknowledgement,
  type PostListItem,
  type ReachedChild,
} from '@skolportalen/shared';
import { mustReadNoticeTexts } from '@skolportalen/shared/texts/start-page';
import { useAcknowledge } from '../api/acknowledge';

const t = mustReadNoticeTexts.confirm;

interface AcknowledgeButtonsProps {
  post: PostListItem;
  /** Once recorded: the children confirmed for, none when the reader confirmed for themselves. */
  onConfirmed: (children: ReachedChild[]) => void;
  /** The element naming the notice, so each button says which notice it confirms. */
  describedBy?: string;
}

/** "Jag har läst" in the portal: the buttons below, confirming as the signed-in reader. */
export function AcknowledgeButtons({ post, onConfirmed, describedBy }: AcknowledgeButtonsProps) {
  const acknowledge = useAcknowledge();
  return (
    <ConfirmButtons
      state={post.myAcknowledgement}
      busyFor={acknowledge.isPending ? (acknowledge.variables?.childIds ?? null) : undefined}
      describedBy={describedBy}
      onConfirm={(children) =>
        acknowledge.mutate(
          { postId: post.id, childIds: children?.map((child) => child.id) },
          { onSuccess: () => onConfirmed(children ?? []) },
        )
      }
    />
  );
}

interface ConfirmButtonsProps {
  state: MyAcknowledgement | null;
  /** A confirmation under way: for these children, or for oneself (null); undefined when none. */
  busyFor: readonly number[] | null | undefined;
  /** Confirms for the children, or for oneself (null). */
  onConfirm: (children: ReachedChild[] | null) => void;
  describedBy?: string;
}

/**
 * "Jag har läst": one button for a reader reached themselves; for a guardian
 * one per child still to confirm, and "för alla barn" when several are.
 * Nothing once nothing is left to confirm. The same buttons in the portal and
 * on a must-read mail's link page.
 */
export function ConfirmButtons({ state, busyFor, onConfirm, describedBy }: ConfirmButtonsProps) {
  if (!state || state.acknowledged) return null;
  const pending = state.children.filter((child) => !child.acknowledged);
  const busyKey = busyFor === undefined ? null : keyOf(busyFor ?? undefined);

  const button = (label: string, children: ReachedChild[] | null, primary: boolean) => {
    const key = keyOf(children?.map((child) => child.id));
    return (
      <Button
        key={key}
        variant={primary ? 'contained' : 'outlined'}
        startIcon={<DoneAll />}
        disabled={busyFor !== undefined}
        aria-describedby={describedBy}
        onClick={() => onConfirm(children)}
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
