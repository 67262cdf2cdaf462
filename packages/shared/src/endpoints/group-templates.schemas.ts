import { idParams, okBody } from '../schemas/common';
import {
  groupTemplateInput,
  groupTemplateListQuery,
  groupTemplateResponse,
} from '../schemas/group-template';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** Favourite target groups, each user's own; their routes are in ./group-templates.ts. */
export const groupTemplateSchemas = endpointSchemas('group-template', {
  list: {
    summary: 'Mina favoritmålgrupper',
    query: groupTemplateListQuery,
    response: z.array(groupTemplateResponse),
  },
  create: {
    summary: 'Spara en favoritmålgrupp',
    body: groupTemplateInput,
    response: groupTemplateResponse,
    status: 201,
  },
  get: {
    summary: 'En av mina favoritmålgrupper',
    params: idParams,
    response: groupTemplateResponse,
  },
  update: {
    summary: 'Byt namn eller grupper på en favoritmålgrupp',
    params: idParams,
    body: groupTemplateInput,
    response: groupTemplateResponse,
  },
  remove: { summary: 'Ta bort en favoritmålgrupp', params: idParams, response: okBody },
});
