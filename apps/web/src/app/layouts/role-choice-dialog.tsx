import { sessionStorageKeys } from '@skolportalen/shared';
import { useEffect, useState } from 'react';
import {
  accountsWithRoleCategory,
  useRelatedAccounts,
} from '@/features/accounts/api/related-accounts';
import { lazyOverlay } from '@/lib/lazy-overlay';

const RoleChoicePrompt = lazyOverlay(() =>
  import('./role-choice-prompt').then((module) => module.RoleChoicePrompt),
);

/**
 * Spec §6: a person with several accounts (say a teacher who is also a
 * guardian) chooses which one to use right after signing in. Children are
 * not offered here; the role picker reaches them.
 */
export function RoleChoiceDialog() {
  const [asked] = useState(
    () => sessionStorage.getItem(sessionStorageKeys.chooseRoleAfterLogin) !== null,
  );
  // Offered once per sign-in: a reload or the next page does not ask again.
  useEffect(() => sessionStorage.removeItem(sessionStorageKeys.chooseRoleAfterLogin), []);
  const [open, setOpen] = useState(true);
  const related = useRelatedAccounts();
  const own = accountsWithRoleCategory(related.data ?? []).filter(
    (account) => account.relation !== 'child',
  );
  if (!asked || own.length < 2) return null;

  return <RoleChoicePrompt open={open} onClose={() => setOpen(false)} accounts={own} />;
}
