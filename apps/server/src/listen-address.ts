import type { AddressInfo } from 'node:net';

/**
 * The start-up line's address: the one the server is bound to, not the one a
 * newcomer would guess. On every interface (HOST=0.0.0.0 or ::) it says so and
 * adds the local address to open; on one interface it names that one.
 */
export function listeningOn(address: AddressInfo | string | null): string {
  if (address === null) return 'Skolportalen is listening';
  if (typeof address === 'string') return `Skolportalen is listening on ${address}`;
  const { address: host, port } = address;
  if (host === '0.0.0.0' || host === '::') {
    return `Skolportalen is listening on port ${port} of every interface (${host}): open http://localhost:${port}`;
  }
  const shown = address.family === 'IPv6' || host.includes(':') ? `[${host}]` : host;
  return `Skolportalen is listening on http://${shown}:${port}`;
}
