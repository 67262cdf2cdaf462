import Stack from '@mui/material/Stack';
import type { UserDetailResponse } from '@skolportalen/shared';
import { useTokenList } from '../api/list-tokens';
import { IssueTokenForm } from './issue-token-form';
import { TokenTable } from './token-table';

/** The user's active sign-ins, and an API key for integrations acting as them. */
export function UserTokensSection({ user }: { user: UserDetailResponse }) {
  const tokens = useTokenList({ userId: user.id, status: 'active', page: 1, perPage: 50 });
  return (
    <Stack spacing={2}>
      <TokenTable tokens={tokens.data?.items ?? []} showUser={false} />
      {user.can.edit && !user.isAdmin && !user.disabledAt ? (
        <IssueTokenForm userId={user.id} />
      ) : null}
    </Stack>
  );
}
