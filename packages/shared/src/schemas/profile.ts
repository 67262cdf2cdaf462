import { limits } from '../constants';
import { email, id, requiredText } from './common';
import { nodeResponse } from './node';
import { languageCode } from './translation';
import { z } from './zod-sv';

/** POST /portal-service/v1/user/updateUser: a user changes their own name and e-mail (spec §5 User). */
export const updateUserRequest = z.strictObject({
  /** The account being changed; when sent it must be the signed-in account. */
  id: id.optional(),
  email,
  firstName: requiredText(limits.nameMax),
  lastName: requiredText(limits.nameMax),
  /** The language the user reads content in (issue 27); left out, it stays as it is. */
  preferredLanguage: languageCode.optional(),
});
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

/** GET /user/schools: the school units a teacher or employee works at, and the one chosen as main. */
export const mySchoolsResponse = z.object({
  schools: z.array(nodeResponse),
  mainSchoolNodeId: z.number().nullable(),
});
export type MySchoolsResponse = z.infer<typeof mySchoolsResponse>;

/** PUT /user/main-school. */
export const mainSchoolRequest = z.strictObject({ nodeId: id });
export type MainSchoolRequest = z.input<typeof mainSchoolRequest>;

/** PUT /user/interests: the school units whose news the user follows (replaces the set). */
export const interestsRequest = z.strictObject({
  nodeIds: z
    .array(id)
    .max(500)
    .transform((list) => [...new Set(list)]),
});
export type InterestsRequest = z.input<typeof interestsRequest>;
