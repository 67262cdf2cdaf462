import { mainRoleOf, type CurrentUserResponse } from '@skolportalen/shared';
import { useState } from 'react';
import { lazyOverlay } from '@/lib/lazy-overlay';

const LanguageQuestionPrompt = lazyOverlay(() =>
  import('./language-question-prompt').then((module) => module.LanguageQuestionPrompt),
);

/**
 * Whether to ask now: the server says so (`askLanguage`: a guardian not yet
 * asked, acting as themselves), and "E-postadress saknas" is not asking first.
 */
export function shouldAskLanguage(user: CurrentUserResponse): boolean {
  const emailMissing = mainRoleOf(user) === 'role_caretaker' && !user.email;
  return user.askLanguage && !emailMissing;
}

/**
 * Issue 27: a guardian is asked once, after signing in, which language to
 * read news in. Answering or putting it away is recorded, so it never comes
 * back; the profile page changes it later.
 */
export function LanguageQuestionDialog({ user }: { user: CurrentUserResponse }) {
  const [answered, setAnswered] = useState(false);
  return (
    <LanguageQuestionPrompt
      open={shouldAskLanguage(user) && !answered}
      onDone={() => setAnswered(true)}
    />
  );
}
