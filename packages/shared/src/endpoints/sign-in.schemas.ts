import {
  loginRequest,
  loginResponse,
  sessionResponse,
  signInOptionsResponse,
} from '../schemas/auth';
import { endpointSchemas } from './endpoint';

/**
 * Signing in with a password (spec §7 "user/login"). It is outside the signed-in group, so it
 * names every refusal itself: 429 when the limits per address or account are reached, 403 when
 * the municipality has turned passwords off. Its route is in ./sign-in.ts.
 */
export const passwordSignInSchemas = endpointSchemas('user', {
  login: {
    summary: 'Logga in med användarnamn och lösenord',
    body: loginRequest,
    response: loginResponse,
    errors: [400, 401, 403, 429],
  },
});

/** The session as a whole and the ways in (spec §7 "saml"); their routes are in ./sign-in.ts. */
export const sessionSchemas = endpointSchemas('saml', {
  session: {
    summary: 'Sessionens inloggningar (utan hemligheter)',
    response: sessionResponse,
    errors: [401],
  },
  signInOptions: {
    summary: 'Om inloggning med SSO och med lösenord är aktiverade',
    response: signInOptionsResponse,
  },
});
