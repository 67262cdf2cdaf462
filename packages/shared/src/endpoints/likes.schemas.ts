import { idParams } from '../schemas/common';
import { likeInput, likeQuery, likeResponse } from '../schemas/like';
import { endpointSchemas } from './endpoint';

/** Likes of posts and comments (spec §7 "like"); their routes are in ./likes.ts. */
export const likeSchemas = endpointSchemas('like', {
  list: {
    summary: 'Hur många som gillar ett inlägg (postId) eller en kommentar (commentId)',
    query: likeQuery,
    response: likeResponse,
  },
  like: {
    summary: 'Gilla ett inlägg eller en kommentar; att gilla igen ändrar ingenting',
    body: likeInput,
    response: likeResponse,
  },
  unlike: {
    summary: 'Sluta gilla: id är gillningens eget id (likeId)',
    params: idParams,
    response: likeResponse,
  },
});
