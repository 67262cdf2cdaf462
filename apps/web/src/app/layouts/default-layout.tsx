import Box from '@mui/material/Box';
import { layout, svShell } from '@skolportalen/shared';
import { useDeferredValue } from 'react';
import { LoadingScreen } from '@/components/loading-card';
import { StatusPage } from '@/components/status-page';
import { isSessionUnknown } from '@/lib/api-error';
import { roleCategoryOf, useCurrentUser } from '@/lib/current-user';
import { useSecondCommit } from '@/lib/second-commit';
import { useSession } from '@/lib/session';
import { RouteOutlet } from '../guards/route-outlet';
import { EmailMissingDialog } from './email-missing-dialog';
import { LanguageQuestionDialog } from './language-question-dialog';
import { RoleChoiceDialog } from './role-choice-dialog';
import { Footer } from './footer';
import { Header } from './header/header';
import { PlainFrame } from './plain-layout';

/**
 * Startup also refreshes the session's token list in session storage (spec §7).
 * A leaf of its own: the query starting re-renders only this, not the layout.
 */
function SessionRefresh() {
  useSession();
  return null;
}

/**
 * The footer, in a commit of its own after the page's: it starts below the fold (the main
 * area is at least a screen high), so it moves nothing the reader sees when it comes.
 */
function FooterAfterPage() {
  return useSecondCommit() ? <Footer /> : null;
}

/**
 * Header, main area and footer (spec §2). The page appears only once the user
 * has loaded and their role has a category; until then the loading card shows.
 */
export function DefaultLayout() {
  const userQuery = useCurrentUser();
  // The user's arrival renders the whole shell and page. Deferred, React does that in an
  // interruptible pass rather than one long blocking task (issue 11).
  const user = useDeferredValue(userQuery.data);
  // A 401 is on its way to /login: the loading card stays rather than an error flashing.
  if (userQuery.isError && !user && !isSessionUnknown(userQuery.error)) {
    return (
      <PlainFrame>
        <StatusPage title={svShell.pageTitles.error} message={svShell.errors.userLoadFailed} />
      </PlainFrame>
    );
  }
  if (!user || !roleCategoryOf(user)) return <LoadingScreen />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header user={user} />
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{
          flex: 1,
          // The footer starts below the fold, so lists arriving after the first paint move
          // nothing the reader sees (layout shift, issue 11).
          minHeight: '100vh',
          width: '100%',
          maxWidth: `${layout.containerMaxWidth}px`,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: { xs: 3, md: 4 },
          '&:focus': { outline: 'none' },
        }}
      >
        <RouteOutlet />
      </Box>
      <FooterAfterPage />
      <EmailMissingDialog user={user} />
      <RoleChoiceDialog />
      <LanguageQuestionDialog user={user} />
      <SessionRefresh />
    </Box>
  );
}
