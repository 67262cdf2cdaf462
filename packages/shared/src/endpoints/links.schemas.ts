import { idParams, okBody } from '../schemas/common';
import { getLinksRequest, linkInput, linkListQuery, linkResponse } from '../schemas/link';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** Tools ("Inkastare", spec §7 "link"); their routes are in ./links.ts. */
export const linkSchemas = endpointSchemas('link', {
  getLinks: {
    summary: 'Verktygen som riktar sig till den inloggade användaren',
    body: getLinksRequest,
    response: z.array(linkResponse),
  },
  mine: {
    summary: 'Verktyg som den inloggade användaren har skapat',
    query: linkListQuery,
    response: z.array(linkResponse),
  },
  listAll: {
    summary: 'Alla verktyg (kräver get_all_links)',
    query: linkListQuery,
    response: z.array(linkResponse),
  },
  create: { summary: 'Skapa ett verktyg', body: linkInput, response: linkResponse, status: 201 },
  get: {
    summary: 'Ett verktyg (t.ex. för verktygsblocket)',
    params: idParams,
    response: linkResponse,
  },
  replace: {
    summary: 'Ändra ett verktyg och dess målgrupp',
    params: idParams,
    body: linkInput,
    response: linkResponse,
  },
  remove: { summary: 'Ta bort ett verktyg', params: idParams, response: okBody },
});
