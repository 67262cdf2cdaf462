import {
  commentDeleteResponse,
  commentInput,
  commentListQuery,
  commentResponse,
} from '../schemas/comment';
import { idParams } from '../schemas/common';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** Comments under news and pages (spec §7 "comment"); their routes are in ./comments.ts. */
export const commentSchemas = endpointSchemas('comment', {
  list: {
    summary: 'Kommentarerna till ett inlägg, äldst först',
    query: commentListQuery,
    response: z.array(commentResponse),
  },
  create: {
    summary: 'Kommentera ett inlägg (högst tio kommentarer i minuten)',
    body: commentInput,
    response: commentResponse,
    status: 201,
    errors: [429],
  },
  remove: {
    summary: 'Ta bort en kommentar (sin egen, eller alla med rätten)',
    params: idParams,
    response: commentDeleteResponse,
  },
});
