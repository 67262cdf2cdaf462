import { nodeResponse } from '../schemas/node';
import {
  interestsRequest,
  mainSchoolRequest,
  mySchoolsResponse,
  updateUserRequest,
} from '../schemas/profile';
import { ownLanguageRequest, ownLanguageResponse } from '../schemas/translation';
import { currentUserResponse } from '../schemas/user';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** The profile pages' settings: school units, main school, interests; routes in ./profile.ts. */
export const profileSchemas = endpointSchemas('user', {
  mySchools: { summary: 'Mina skolenheter och min huvudskola', response: mySchoolsResponse },
  chooseMainSchool: {
    summary: 'Välj huvudskola bland mina skolenheter',
    body: mainSchoolRequest,
    response: mySchoolsResponse,
  },
  interests: {
    summary: 'Skolenheter vars nyheter jag följer (kräver set_intrest_unit)',
    response: z.array(nodeResponse),
  },
  setInterests: {
    summary: 'Ersätt mina intresseenheter',
    body: interestsRequest,
    response: z.array(nodeResponse),
  },
  setLanguage: {
    summary:
      'Välj språk för nyheter och meddelanden, eller lägg undan frågan om språk (utan språk)',
    body: ownLanguageRequest,
    response: ownLanguageResponse,
  },
});

/** A user changing their own name and e-mail, under the portal service; route in ./profile.ts. */
export const ownDetailsSchemas = endpointSchemas('user', {
  update: {
    summary: 'Ändra mitt namn och min e-postadress',
    body: updateUserRequest,
    response: currentUserResponse,
  },
});
