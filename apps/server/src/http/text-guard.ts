import { sv } from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import { errors, type FieldError } from './errors';

/** Deeper than any request the portal expects; also bounds the walk below. */
const maxDepth = 64;

function findNul(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > maxDepth || value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here;
    const found = findNul(item, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character: a request carrying one in
 * any field, query or path parameter is refused with a 400 naming the field,
 * before any route sees it, instead of failing in the database.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const problems: FieldError[] = [];
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part, '', 0);
      if (field !== null) problems.push({ field, message: sv.validation.invalidCharacters });
    }
    if (problems.length > 0) throw errors.validation(problems);
  });
}
