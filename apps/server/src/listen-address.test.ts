import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listeningOn } from './listen-address';

describe('listeningOn', () => {
  it('names the interface the server is bound to and the port it really got', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    expect(listeningOn(server.address())).toBe(
      `Skolportalen is listening on http://127.0.0.1:${port}`,
    );
    await new Promise((resolve) => server.close(resolve));
  });

  it('says "every interface" for 0.0.0.0 and ::, with the local address to open', () => {
    expect(listeningOn({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toBe(
      'Skolportalen is listening on port 3000 of every interface (0.0.0.0): open http://localhost:3000',
    );
    expect(listeningOn({ address: '::', family: 'IPv6', port: 4700 })).toMatch(
      /port 4700 of every interface \(::\)/,
    );
  });

  it('writes an IPv6 address in brackets, and a socket path as it is', () => {
    expect(listeningOn({ address: '::1', family: 'IPv6', port: 3000 })).toBe(
      'Skolportalen is listening on http://[::1]:3000',
    );
    expect(listeningOn('/run/skolportalen.sock')).toBe(
      'Skolportalen is listening on /run/skolportalen.sock',
    );
  });
});
