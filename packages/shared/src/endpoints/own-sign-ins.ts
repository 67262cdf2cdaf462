import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { ownSignInSchemas } from './own-sign-ins.schemas';

/** `/api/portal-service/v1/user/sign-ins`: the person's own sign-ins in every browser. */
export const ownSignInEndpoints = declareEndpoints<typeof ownSignInSchemas>()(apiRoots.portal, {
  list: 'GET /user/sign-ins',
  end: 'DELETE /user/sign-ins/:id',
  endOthers: 'DELETE /user/sign-ins',
});
