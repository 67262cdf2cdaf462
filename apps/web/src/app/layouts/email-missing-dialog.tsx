import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { mainRoleOf, sv, type CurrentUserResponse } from '@skolportalen/shared';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';

const profileInfoPrefix = paths.profile.info.href();

/**
 * Spec §2: a caretaker without an e-mail address is asked to add one. The dialog
 * cannot be dismissed; it stays away only on the profile page it leads to.
 */
export function EmailMissingDialog({ user }: { user: CurrentUserResponse }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onProfile = pathname === profileInfoPrefix || pathname.startsWith(`${profileInfoPrefix}/`);
  const open = mainRoleOf(user) === 'role_caretaker' && !user.email && !onProfile;

  return (
    <Dialog open={open} aria-labelledby="email-missing-title" disableEscapeKeyDown>
      <DialogTitle id="email-missing-title">{sv.emailMissing.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{sv.emailMissing.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          variant="contained"
          onClick={() => navigate(paths.profile.info.href(user.uid, { highlightEmail: true }))}
        >
          {sv.emailMissing.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
