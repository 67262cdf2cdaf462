// @vitest-environment jsdom
import type { WindowLike } from 'dompurify';
import { describe, expect, it } from 'vitest';
import { createHtmlSanitizer } from './html-policy';

const sanitize = createHtmlSanitizer(
  (globalThis as unknown as { window: WindowLike }).window,
  'https://skolportalen.exempelby.se',
);

describe('the shared HTML policy', () => {
  it('keeps the tags the editor produces', () => {
    expect(sanitize('<p><strong>Hej</strong> <em>alla</em></p><ul><li>ett</li></ul>')).toBe(
      '<p><strong>Hej</strong> <em>alla</em></p><ul><li>ett</li></ul>',
    );
  });

  it('allows only href and target on links and opens external links in a new tab', () => {
    expect(
      sanitize('<a href="https://example.org/x" class="c" style="color:red" onclick="x()">ut</a>'),
    ).toBe('<a href="https://example.org/x" target="_blank" rel="noopener">ut</a>');
    expect(sanitize('<a href="/sida/om-oss" target="_self">in</a>')).toBe(
      '<a href="/sida/om-oss">in</a>',
    );
    expect(sanitize('<a href="https://skolportalen.exempelby.se/nyhet/a">in</a>')).toBe(
      '<a href="https://skolportalen.exempelby.se/nyhet/a">in</a>',
    );
  });

  it('drops scripts, handlers and script URLs', () => {
    expect(sanitize('<img src=x onerror=alert(1)><script>alert(1)</script>')).toBe('');
    expect(sanitize('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitize('<a href=" data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(sanitize('<div style="background:url(javascript:alert(1))">t</div>')).toBe('t');
  });

  it('opens look-alike internal links in a new tab: decided on the resolved address (issue 20 F4)', () => {
    for (const href of ['/\\evil.example', '/\\/evil.example', 'HTTPS://EVIL.example/']) {
      expect(sanitize(`<a href="${href}">x</a>`), href).toBe(
        `<a href="${href}" target="_blank" rel="noopener">x</a>`,
      );
    }
    // A tab inside the path is dropped by the browser: "//evil.example".
    expect(sanitize('<a href="/&#9;/evil.example">x</a>')).toContain('target="_blank"');
    // Without slashes, a scheme other than the portal's leads to that host.
    const onHttp = createHtmlSanitizer(
      (globalThis as unknown as { window: WindowLike }).window,
      'http://localhost:3000',
    );
    expect(onHttp('<a href="https:evil.example">x</a>')).toBe(
      '<a href="https:evil.example" target="_blank" rel="noopener">x</a>',
    );
    expect(sanitize('<a href="https:evil.example">x</a>')).toBe(
      '<a href="https:evil.example">x</a>',
    );
  });
});
