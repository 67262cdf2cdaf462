import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { ownDetailsSchemas, profileSchemas } from './profile.schemas';

/** `/api/core/v1/user/schools`, `/user/main-school` and `/user/interests` and `/user/language`: the profile pages' settings. */
export const profileEndpoints = declareEndpoints<typeof profileSchemas>()(apiRoots.core, {
  mySchools: 'GET /user/schools',
  chooseMainSchool: 'PUT /user/main-school',
  interests: 'GET /user/interests',
  setInterests: 'PUT /user/interests',
  setLanguage: 'PUT /user/language',
});

/** `/api/portal-service/v1/user/updateUser`: a user changes their own name and e-mail. */
export const ownDetailsEndpoints = declareEndpoints<typeof ownDetailsSchemas>()(apiRoots.portal, {
  update: 'POST /user/updateUser',
});
