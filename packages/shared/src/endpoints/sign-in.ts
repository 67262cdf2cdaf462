import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { passwordSignInSchemas, sessionSchemas } from './sign-in.schemas';

/** `/api/core/v1/user/login` (spec §7): signing in with a password. */
export const passwordSignInEndpoints = declareEndpoints<typeof passwordSignInSchemas>()(
  apiRoots.core,
  { login: 'POST /user/login' },
);

/**
 * `/api/portal-service/v1/saml/…` (spec §7): the session's sign-ins and the ways in the login
 * page offers. Signing out and the single sign-on exchange are forms and redirects, not calls:
 * they stay plain routes (modules/auth, modules/saml).
 */
export const sessionEndpoints = declareEndpoints<typeof sessionSchemas>()(apiRoots.portal, {
  session: 'GET /saml/token',
  signInOptions: 'GET /saml/config',
});
