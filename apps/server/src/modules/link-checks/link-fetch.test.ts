import { describe, expect, it } from 'vitest';
import { checkLink, isPrivateAddress, type LinkFetchOptions } from './link-fetch';

const options = (fetch: typeof globalThis.fetch): LinkFetchOptions => ({
  timeoutMs: 1000,
  maxRedirects: 2,
  allowPrivate: false,
  ownOrigins: ['https://skolportalen.exempelby.se'],
  fetch,
});

describe('which links the check asks', () => {
  it('knows private, loopback and link-local addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '172.32.0.1', '193.10.1.1', '2001:db8::1'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('never asks the portal itself, an address with credentials, a private one or another scheme', async () => {
    const asked: string[] = [];
    const fetch: typeof globalThis.fetch = async (input) => {
      asked.push(String(input));
      return new Response(null, { status: 200 });
    };
    for (const address of [
      'https://skolportalen.exempelby.se/api/core/v1/user',
      'https://anna:hemligt@example.org/',
      'http://192.168.0.10/intranat',
      'http://[::1]:8080/',
      'http://localhost:3000/',
      'ftp://example.org/fil.pdf',
    ])
      expect(await checkLink(address, options(fetch)), address).toEqual({ outcome: 'skipped' });
    expect(asked).toEqual([]);
  });

  it('does not follow a redirect into a private address', async () => {
    const fetch: typeof globalThis.fetch = async () =>
      new Response(null, { status: 302, headers: { location: 'http://10.0.0.5/admin' } });
    expect(await checkLink('http://93.184.216.34/flyttad', options(fetch))).toEqual({
      outcome: 'skipped',
    });
  });

  it('takes a sign-in wall as a page that is there, and a lost connection as broken', async () => {
    const forbidden: typeof globalThis.fetch = async () => new Response(null, { status: 403 });
    expect(await checkLink('http://93.184.216.34/inloggning', options(forbidden))).toEqual({
      outcome: 'ok',
      httpStatus: 403,
    });
    const refused: typeof globalThis.fetch = async () => {
      throw new TypeError('fetch failed');
    };
    expect(await checkLink('http://93.184.216.34/', options(refused))).toEqual({
      outcome: 'broken',
      problem: 'network',
      httpStatus: null,
    });
  });
});
