import Chip from '@mui/material/Chip';
import { sv, type PostStatus } from '@skolportalen/shared';

const colours: Record<PostStatus, 'success' | 'default' | 'warning' | 'primary'> = {
  publish: 'success',
  draft: 'default',
  future: 'primary',
  trash: 'warning',
  pending: 'warning',
};

export function PostStatusChip({ status }: { status: PostStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colours[status]}
      label={sv.content.statuses[status]}
    />
  );
}
