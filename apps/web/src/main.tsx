import { sessionStorageKeys } from '@skolportalen/shared';
import { readingPageOf } from '@skolportalen/shared/reading-page';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchStartPage } from './app/start-prefetch';
import { hasSignedInCookie, takeRoleChoiceOffer } from './lib/cookies';
import { markAppAsking } from './lib/early-requests';
import { queryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

function renderApp(inTransition: boolean) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!inTransition) {
    createRoot(root!).render(app);
    return;
  }
  // A transition lets React render the page in slices that yield to the browser,
  // instead of one long task that blocks input while the page loads.
  startTransition(() => createRoot(root!).render(app));
}

// Opening the portal at "/": the first render waits (at most startDataWaitMs) for the
// user and the start page's data and code, asked for here before anything else, so the
// morning's page appears whole — not a loading card, then the frame, then each section —
// and no blocking render follows the first paint (decision 0024). Other pages render at
// once, as small as they are, so the keyboard finds the skip link as soon as they load.
// A reading page (a news item, a page, a crisis notice, a course; issue 32) waits the
// same way for its post or course, which its page's HTML mostly carries already.
// Back from a sign-in at the identity provider: the role choice is offered as after the login form.
if (takeRoleChoiceOffer()) sessionStorage.setItem(sessionStorageKeys.chooseRoleAfterLogin, '1');
markAppAsking();
const readingPage = readingPageOf(window.location.pathname);
const firstScreen =
  window.location.pathname === '/'
    ? prefetchStartPage(queryClient)
    : readingPage && hasSignedInCookie()
      ? import('./app/reading-prefetch').then(
          ({ prefetchReadingPage }) => prefetchReadingPage(queryClient, readingPage),
          () => undefined,
        )
      : undefined;
if (firstScreen) void firstScreen.then(() => renderApp(true));
else renderApp(false);
