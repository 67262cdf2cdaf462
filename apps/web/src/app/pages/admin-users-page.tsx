import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import Button from '@mui/material/Button';
import { format, sv, type UserDetailResponse } from '@skolportalen/shared';
import { useActAs } from '@/features/accounts/api/act-as';
import UsersRoute from '@/features/admin/routes/users-route';
import { useCurrentUser } from '@/lib/current-user';

/** "Agera som": the accounts feature's act-as flow, offered where the server says it is allowed. */
function ActAsButton({ user }: { user: UserDetailResponse }) {
  const actAs = useActAs();
  const { data: me } = useCurrentUser();
  if (!user.can.mask || me?.masked) return null;
  return (
    <Button
      variant="outlined"
      startIcon={<SupervisorAccount />}
      disabled={actAs.isPending}
      onClick={() => actAs.mutate(user.id)}
    >
      {format(sv.admin.users.actAs, { name: user.firstName })}
    </Button>
  );
}

/** The users administration, with act-as composed in from the accounts feature. */
export default function AdminUsersPage() {
  return <UsersRoute renderActAs={(user) => <ActAsButton user={user} />} />;
}
