import type { FastifyRequest } from 'fastify';
import { errors } from './errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated writes must come from the portal's own pages:
 * browsers send Sec-Fetch-Site and Origin, and a cross-site request is refused.
 * A write that proves neither (no Origin, and no `Sec-Fetch-Site: same-origin`)
 * is refused too when it rides on a browser's cookie: every browser the portal
 * supports sends Origin on a POST, so only a stripped or forged request lacks
 * both (issue 20 F9). Bearer clients carry no ambient credential and are not asked.
 */
export function assertSameOrigin(request: FastifyRequest, { requireProof = true } = {}) {
  if (safeMethods.has(request.method)) return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw errors.crossOrigin();
  }
  const origin = request.headers.origin;
  if (origin === undefined) {
    if (requireProof && fetchSite !== 'same-origin') throw errors.crossOrigin();
    return;
  }
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
 * cross-site request is refused before its body is even looked at. A request
 * with no cookie at all has nothing to abuse, so a client that sends no
 * Origin may still sign in; one that carries cookies must prove where it comes from.
 */
export async function sameOriginOnly(request: FastifyRequest) {
  assertSameOrigin(request, { requireProof: request.headers.cookie !== undefined });
}
