import type { FastifyRequest } from 'fastify';
import { errors } from './errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated writes must come from the portal's own pages:
 * browsers send Sec-Fetch-Site and Origin, and a cross-site request is refused.
 */
export function assertSameOrigin(request: FastifyRequest) {
  if (safeMethods.has(request.method)) return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw errors.crossOrigin();
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    throw errors.crossOrigin();
  }
  // Parsing the Host header the same way drops a default port on both sides.
  const ownHost = new URL(`${originUrl.protocol}//${request.host}`).host;
  if (originUrl.host !== ownHost) throw errors.crossOrigin();
}

/**
 * The same check as an onRequest hook, for routes that take a browser's
 * credentials without `authenticate` (sign-in, logout, feedback): a
 * cross-site request is refused before its body is even looked at.
 */
export async function sameOriginOnly(request: FastifyRequest) {
  assertSameOrigin(request);
}
