import { mainRoleOf, type CurrentUserResponse } from '@skolportalen/shared';
import { useLocation, useNavigate } from 'react-router';
import { lazyOverlay } from '@/lib/lazy-overlay';
import { paths } from '@/lib/paths';

const profileInfoPrefix = paths.profile.info.href();

const EmailMissingPrompt = lazyOverlay(() =>
  import('./email-missing-prompt').then((module) => module.EmailMissingPrompt),
);

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
    <EmailMissingPrompt
      open={open}
      onAdd={() => navigate(paths.profile.info.href(user.uid, { highlightEmail: true }))}
    />
  );
}
