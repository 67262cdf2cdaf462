/**
 * A script of its own in the page served at "/" (apps/web/build/page-html.ts),
 * run before the app's code: sends the start page's first requests at once
 * (lib/early-requests.ts). It must stay small — no React, no query library.
 */
import { startPageRequests } from '@skolportalen/shared/start-page';
import { hasSignedInCookie } from './lib/cookies';
import { sendEarly } from './lib/early-requests';

if (window.location.pathname === '/' && hasSignedInCookie()) sendEarly(startPageRequests());
