import { postKeyParams, postResponse } from '../schemas/post';
import {
  audienceLanguagesResponse,
  machineDraftResponse,
  translationDeleteResponse,
  translationInput,
  translationLanguagesResponse,
  translationListResponse,
  translationParams,
  translationResponse,
} from '../schemas/translation';
import { endpointSchemas } from './endpoint';

/**
 * Translations of posts and the languages readers read in (issue 27); the
 * routes are in ./translations.ts.
 */
export const translationSchemas = endpointSchemas('translation', {
  languages: {
    summary: 'Portalens språk för innehåll, och om maskinöversättning är påslagen',
    response: translationLanguagesResponse,
  },
  list: {
    summary: 'Vilka översättningar ett inlägg har, och om de är aktuella',
    params: postKeyParams,
    response: translationListResponse,
  },
  get: {
    summary: 'En översättning av ett inlägg, hel (för redigeraren)',
    params: translationParams,
    response: translationResponse,
  },
  save: {
    summary: 'Lägg till eller ändra en översättning (samma block som originalet, bara texterna)',
    params: translationParams,
    body: translationInput,
    response: translationResponse,
  },
  remove: {
    summary: 'Ta bort en översättning',
    params: translationParams,
    response: translationDeleteResponse,
  },
  audienceLanguages: {
    summary: 'Hur många av inläggets vårdnadshavare och elever som läser på varje språk',
    params: postKeyParams,
    response: audienceLanguagesResponse,
  },
});

/**
 * Translations the provider makes (off unless TRANSLATION_URL is set: 409).
 * The day's budget or the provider's own limit may refuse (429), and the
 * provider may fail (502).
 */
export const machineTranslationSchemas = endpointSchemas('translation', {
  machine: {
    summary: 'Ett maskinöversatt utkast att rätta och spara (sparas inte)',
    params: translationParams,
    response: machineDraftResponse,
    errors: [409, 429, 502],
  },
  request: {
    summary:
      'Läsarens begäran om en maskinöversättning när ingen finns; den sparas och används av alla läsare',
    params: translationParams,
    response: postResponse,
    errors: [409, 429, 502],
  },
});
