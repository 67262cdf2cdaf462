import { sv } from '../texts/sv';
import { httpUrl, listQuery, optionalText } from './common';
import { z } from './zod-sv';

/** Longest favourite name; the spec bounds only the URL, this keeps the dialog readable. */
export const favoriteNameMax = 100;

const sortValue = z.number().int(sv.validation.integer).min(-1_000_000).max(1_000_000);

/** POST /favorite. An empty name shows the address instead. */
export const favoriteInput = z.strictObject({
  name: optionalText(favoriteNameMax),
  url: httpUrl,
  sort: sortValue.optional(),
});
export type FavoriteInput = z.input<typeof favoriteInput>;

/** PUT /favorite/{id}: rename, change the address or move; only what is sent changes. */
export const favoriteUpdate = z
  .strictObject({
    name: optionalText(favoriteNameMax),
    url: httpUrl,
    sort: sortValue,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, sv.validation.atLeastOne);
export type FavoriteUpdate = z.input<typeof favoriteUpdate>;

export const favoriteResponse = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  sort: z.number(),
  created: z.string(),
  updated: z.string(),
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type FavoriteResponse = z.infer<typeof favoriteResponse>;

export const favoriteSortColumns = ['sort', 'updated', 'created', 'name', 'id'] as const;
export const favoriteListQuery = listQuery;
