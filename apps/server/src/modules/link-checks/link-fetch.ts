import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export interface LinkFetchOptions {
  timeoutMs: number;
  maxRedirects: number;
  /** Check links to private, loopback and link-local addresses (tests; an intranet on purpose). */
  allowPrivate: boolean;
  /** Origins never asked: the portal's own (its API answers only with credentials). */
  ownOrigins: readonly string[];
  fetch?: typeof fetch;
  /** Waits for the host's turn before each request (host-throttle.ts). */
  beforeRequest?: (host: string) => Promise<void>;
}

export type LinkResult =
  | { outcome: 'ok'; httpStatus: number }
  | { outcome: 'broken'; problem: 'status'; httpStatus: number }
  | { outcome: 'broken'; problem: 'timeout' | 'redirects' | 'network'; httpStatus: null }
  /** Not asked: a private address, the portal itself, credentials in the address. */
  | { outcome: 'skipped' };

/**
 * Answers that say the link leads somewhere even though it will not show the
 * page to a robot: sign-in walls and rate limits are not broken links.
 */
const reachable = new Set([401, 403, 429]);

/** Loopback, private (RFC 1918, unique local), link-local, unspecified and carrier-grade NAT addresses. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) {
    const [a, b] = address.split('.').map(Number) as [number, number];
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (version === 6) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped) return isPrivateAddress(mapped[1]!);
    return (
      lower === '::1' ||
      lower === '::' ||
      lower.startsWith('fc') ||
      lower.startsWith('fd') ||
      /^fe[89ab]/.test(lower)
    );
  }
  return true;
}

/** Whether the address may be asked at all: http(s), no credentials, not the portal, not private. */
async function mayAsk(url: URL, options: LinkFetchOptions): Promise<boolean> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  if (options.ownOrigins.includes(url.origin)) return false;
  if (options.allowPrivate) return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return !isPrivateAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.length > 0 && addresses.every((entry) => !isPrivateAddress(entry.address));
  } catch {
    // A name that does not resolve is a broken link, found when it is asked.
    return true;
  }
}

/**
 * Asks one link whether it leads anywhere (decision 0046): HEAD, and GET
 * when the server does not take HEAD (405, 501); redirects followed by hand
 * up to a limit, each hop checked like the first; no cookies or credentials
 * (fetch sends none of its own, and the request names only itself); each
 * request within the timeout. A body is never read.
 */
export async function checkLink(address: string, options: LinkFetchOptions): Promise<LinkResult> {
  const doFetch = options.fetch ?? fetch;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { outcome: 'broken', problem: 'network', httpStatus: null };
  }
  if (!(await mayAsk(url, options))) return { outcome: 'skipped' };

  const ask = async (target: URL, method: 'HEAD' | 'GET') => {
    await options.beforeRequest?.(target.host);
    // The time counts from the request, not from waiting for the host's turn.
    const response = await doFetch(target, {
      method,
      redirect: 'manual',
      credentials: 'omit',
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { 'user-agent': 'Skolportalen-lankkontroll/1.0', accept: '*/*' },
    });
    // The body is never read: let go of the connection.
    await response.body?.cancel().catch(() => undefined);
    return response;
  };

  try {
    for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
      let response = await ask(url, 'HEAD');
      if (response.status === 405 || response.status === 501) response = await ask(url, 'GET');
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, url);
        if (!(await mayAsk(next, options))) return { outcome: 'skipped' };
        url = next;
        continue;
      }
      if (response.status < 400 || reachable.has(response.status))
        return { outcome: 'ok', httpStatus: response.status };
      return { outcome: 'broken', problem: 'status', httpStatus: response.status };
    }
    return { outcome: 'broken', problem: 'redirects', httpStatus: null };
  } catch (error) {
    const timedOut = error instanceof Error && /timeout|abort/i.test(error.name);
    return { outcome: 'broken', problem: timedOut ? 'timeout' : 'network', httpStatus: null };
  }
}
