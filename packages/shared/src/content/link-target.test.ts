import { describe, expect, it } from 'vitest';
import { isExternalLink, isWebAddressOrSitePath, resolveLink } from './link-target';

const https = 'https://skolportalen.exempelby.se';
const http = 'http://localhost:3000';

describe('where a link leads (issue 20 F4)', () => {
  it('counts look-alike internal addresses as the other sites they are', () => {
    for (const href of [
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'HTTPS://EVIL.example/x',
      'ht\ttps://evil.example',
      'https://skolportalen.exempelby.se@evil.example/',
      'https://skolportalen.exempelby.se.evil.example/',
    ])
      expect(isExternalLink(href, https), JSON.stringify(href)).toBe(true);
  });

  it('reads a scheme without slashes as the browser does: another site unless it is the page’s own scheme', () => {
    expect(isExternalLink('https:evil.example', http)).toBe(true);
    expect(resolveLink('https:evil.example', http)?.href).toBe('https://evil.example/');
    // On an https portal the browser stays on the portal: /evil.example.
    expect(resolveLink('https:evil.example', https)).toEqual({
      href: `${https}/evil.example`,
      external: false,
    });
  });

  it('keeps the portal’s own addresses internal, however they are written', () => {
    for (const href of [
      '/nyhet/a',
      '#rubrik',
      'HTTPS://SKOLPORTALEN.exempelby.se/sida/om',
      'https://skolportalen.exempelby.se:443/sida',
      'mailto:rektor@exempelby.se',
      'tel:+4612345',
    ])
      expect(isExternalLink(href, https), href).toBe(false);
  });

  it('follows nothing but http(s), mailto and tel', () => {
    for (const href of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
    ])
      expect(resolveLink(href, https), href).toBeNull();
  });
});

describe('the address rule of block fields', () => {
  it('takes absolute http(s) addresses and paths on this site', () => {
    for (const value of [
      'https://example.org/a',
      'http://example.org',
      '/media/1/bild.png',
      '/sida/om?x=1#y',
    ])
      expect(isWebAddressOrSitePath(value), value).toBe(true);
  });

  it('refuses paths that lead to another site, and anything else', () => {
    for (const value of [
      '/\\evil.example',
      '//evil.example',
      '/\t/evil.example',
      'https:evil.example',
      'javascript:alert(1)',
      'sida/om',
      'https://exempel .se',
    ])
      expect(isWebAddressOrSitePath(value), JSON.stringify(value)).toBe(false);
  });
});
