import { sv } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import { errors, type FieldError } from './errors';

/** Deeper than any request the portal expects; also bounds the walk below. */
const maxDepth = 64;

/**
 * Text no field may hold: the NUL character, which PostgreSQL text cannot
 * store, and a UTF-16 surrogate without its partner (JSON's "\ud800"), which
 * is no character at all — the database would store U+FFFD in its place, and
 * a JSON column refuses it outright.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableText(value: string): boolean {
  return value.includes('\u0000') || loneSurrogate.test(value);
}

function findUnstorable(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return hasUnstorableText(value) ? path : null;
  if (depth > maxDepth || value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (hasUnstorableText(key)) return here;
    const found = findUnstorable(item, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses text a form part carries (multipart fields and file names, which
 * no schema sees before the route reads them) the way the hook below refuses
 * it in JSON, query strings and paths.
 */
export function assertStorableText(fields: Record<string, unknown>) {
  const field = findUnstorable(fields, '', 0);
  if (field !== null)
    throw errors.validation([{ field, message: sv.validation.invalidCharacters }]);
}

/**
 * A request carrying unstorable text in any field, query or path parameter
 * is refused with a 400 naming the field, before any route sees it, instead
 * of failing in the database or being stored changed.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const problems: FieldError[] = [];
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorable(part, '', 0);
      if (field !== null) problems.push({ field, message: sv.validation.invalidCharacters });
    }
    if (problems.length > 0) throw errors.validation(problems);
  });
}
