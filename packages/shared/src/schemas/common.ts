import { limits, paging } from '../constants';
import { format } from '../texts/format';
import { sv } from '../texts/sv';
import { z } from './zod-sv';

const m = sv.validation;

/** A trimmed string that must be present, with the spec's length bounds. */
export function requiredText(max: number, min = 1) {
  return z
    .string()
    .trim()
    .min(Math.max(min, 1), min > 1 ? format(m.minLength, { n: min }) : m.required)
    .max(max);
}

/** Optional text; an empty string becomes null (spec §3: empty strings are sent as null). */
export function optionalText(max: number = limits.genericStringMax) {
  return z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
}

export const email = z.string().trim().min(1, m.required).max(limits.emailMax).email(m.email);

/** http(s) URL; an empty value fails here — use `optionalHttpUrl` where empty is fine. */
export const httpUrl = z
  .string()
  .trim()
  .min(1, m.required)
  .max(2000)
  .regex(/^https?:\/\/[^\s]+$/i, m.url);

/** The spec's generic url rule lets an empty URL pass. */
export const optionalHttpUrl = z.union([z.literal(''), httpUrl]);

export const slug = z
  .string()
  .trim()
  .min(1, m.required)
  .max(limits.postTitleMax)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, m.slug);

export const categoryKey = z
  .string()
  .trim()
  .min(1, m.required)
  .max(64)
  .regex(/^[a-z_]+$/, m.categoryKey);

/** A number written out as a path or query string carries it ("12", "-3", "1.5"). */
const numeral = /^\s*-?\d+(?:\.\d+)?\s*$/;

/**
 * A database id as it arrives in a path or query string: a number, or text
 * holding one. Nothing else is turned into a number — not a list (`["4"]`),
 * a boolean or an empty string — so those fail as a wrong type or a missing
 * value instead of becoming an id by accident.
 */
export const id = z.preprocess(
  (value) => (typeof value === 'string' && numeral.test(value) ? Number(value) : value),
  z.number().int(m.integer).positive().max(2_147_483_647),
);

export const idParams = z.strictObject({ id });

/** An id in a JSON body: a whole number, never a string or a boolean made into one. */
export const bodyId = z.number().int(m.integer).positive().max(2_147_483_647);

/** `nodeId[]=1&nodeId[]=2`, `nodeId=1` and `nodeId=1,2` all become [1, 2]. */
export const idList = z.preprocess((value) => {
  if (value === undefined || value === '') return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
}, z.array(id).max(1000).optional());

export const stringList = <Item extends string>(item: z.ZodType<Item>) =>
  z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    return Array.isArray(value) ? value : [value];
  }, z.array(item).max(100).optional());

/** PostgreSQL holds years 1 to 9999 AD in its date columns' text form and time zones up to ±15:59. */
const earliestDate = '0001-01-01';
const maxOffsetHours = 15;

/** A calendar date a list may filter on ("2026-11-21"), within what the database can take. */
export const queryDate = z.iso.date().refine((value) => value >= earliestDate, m.invalidValue);

/** A date-time with a zone a list may filter on, within what the database can take. */
export const queryDateTime = z.iso.datetime({ offset: true }).refine((value) => {
  const offset = /[+-](\d{2}):?\d{2}$/.exec(value);
  if (offset && Number(offset[1]) > maxOffsetHours) return false;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999;
}, m.invalidValue);

export const listQuery = z.object({
  page: z.coerce.number<unknown>().int(m.integer).min(1).max(100_000).default(1),
  perPage: z.coerce
    .number<unknown>()
    .int(m.integer)
    .min(1)
    .max(paging.maxPerPage)
    .default(paging.defaultPerPage),
  sort: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ ok: z.literal(true) });
