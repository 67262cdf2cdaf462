import { idParams } from '../schemas/common';
import { nodeResponse } from '../schemas/node';
import {
  editorDocument,
  editorUpdateRequest,
  getPostsRequest,
  myPostsQuery,
  postCategoriesBody,
  postDeleteResponse,
  postInput,
  postKeyParams,
  postListItem,
  postNodesBody,
  postReadResponse,
  postResponse,
  postSlugParams,
  postTargetsResponse,
  postUsersBody,
  slugAvailabilityQuery,
  slugAvailabilityResponse,
} from '../schemas/post';
import { readingLanguageQuery } from '../schemas/translation';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

const addTargets = { summary: 'Lägg till mottagare', params: postKeyParams } as const;
const removeTargets = { summary: 'Ta bort mottagare', params: postKeyParams } as const;

/**
 * Posts (spec §7 "post", and GET /user/{id}/posts); their routes are in
 * ./posts.ts. A write may also meet another's newer save (409).
 */
export const postSchemas = endpointSchemas('post', {
  getPosts: {
    summary: 'Innehåll som riktar sig till den inloggade användaren',
    body: getPostsRequest,
    response: z.array(postListItem),
  },
  getPostsAll: {
    summary: 'Allt innehåll, oavsett målgrupp (kräver post_list_all)',
    body: getPostsRequest,
    response: z.array(postListItem),
  },
  mine: {
    summary: 'Innehåll som den inloggade användaren har skrivit eller är redaktör för',
    query: myPostsQuery,
    response: z.array(postListItem),
  },
  ofUser: {
    summary:
      'Innehåll som en användare har skrivit och som den inloggade själv får läsa (administratörer och user_list)',
    params: idParams,
    query: myPostsQuery,
    response: z.array(postListItem),
  },
  create: {
    summary: 'Skapa innehåll',
    body: postInput,
    response: postResponse,
    status: 201,
    errors: [409],
  },
  get: {
    summary:
      'Ett inlägg med innehåll, efter id eller adress (slug), på läsarens språk när en översättning finns',
    params: postKeyParams,
    query: readingLanguageQuery,
    response: postResponse,
  },
  replace: {
    summary: 'Ändra ett inlägg',
    params: postKeyParams,
    body: postInput,
    response: postResponse,
    errors: [409],
  },
  remove: {
    summary: 'Flytta till papperskorgen; ett inlägg i papperskorgen tas bort helt',
    params: postKeyParams,
    response: postDeleteResponse,
    errors: [409],
  },
  addNodes: { ...addTargets, body: postNodesBody, response: postTargetsResponse, errors: [409] },
  removeNodes: {
    ...removeTargets,
    body: postNodesBody,
    response: postTargetsResponse,
    errors: [409],
  },
  addCategories: {
    ...addTargets,
    body: postCategoriesBody,
    response: postTargetsResponse,
    errors: [409],
  },
  removeCategories: {
    ...removeTargets,
    body: postCategoriesBody,
    response: postTargetsResponse,
    errors: [409],
  },
  addUsers: { ...addTargets, body: postUsersBody, response: postTargetsResponse, errors: [409] },
  removeUsers: {
    ...removeTargets,
    body: postUsersBody,
    response: postTargetsResponse,
    errors: [409],
  },
  slugAvailability: {
    summary: 'Om en adress (slug) är ledig, med ett förslag',
    params: postSlugParams,
    query: slugAvailabilityQuery,
    response: slugAvailabilityResponse,
  },
  targetGroups: {
    summary: 'Grupper som den inloggade får rikta innehåll till (redigerarens gruppväljare)',
    response: z.array(nodeResponse),
  },
  markRead: {
    summary: 'Markera ett inlägg som läst',
    params: postKeyParams,
    response: postReadResponse,
  },
});

/** The page builder's document of a post (spec §7 "editor"); its routes are in ./posts.ts. */
export const editorSchemas = endpointSchemas('editor', {
  open: {
    summary: 'Sidbyggarens dokument för ett inlägg',
    params: postKeyParams,
    response: editorDocument,
  },
  save: {
    summary: 'Spara sidbyggarens dokument (409 om någon annan hunnit spara)',
    params: postKeyParams,
    body: editorUpdateRequest,
    response: editorDocument,
    errors: [409],
  },
});
