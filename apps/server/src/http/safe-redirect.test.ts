import { describe, expect, it } from 'vitest';
import { maxWayBackLength, safeRedirectPath } from './safe-redirect';

const host = 'skolportalen.exempelby.se';

describe('the way back after a sign-in', () => {
  it('keeps a path on this portal, with its query', () => {
    expect(safeRedirectPath('/nyhet/utflykt?visa=kommentarer', host, '/')).toBe(
      '/nyhet/utflykt?visa=kommentarer',
    );
  });

  it('goes to the fallback for another site, however it is written', () => {
    for (const target of [
      'https://elak.example/',
      '//elak.example/',
      '/\\elak.example/',
      'javascript:alert(1)',
    ])
      expect(safeRedirectPath(target, host, '/'), target).toBe('/');
  });

  it('drops a way back too long to carry, and keeps one just short enough', () => {
    const path = (length: number) => `/sok?q=${'a'.repeat(length - '/sok?q='.length)}`;
    expect(safeRedirectPath(path(maxWayBackLength), host, '/')).toBe(path(maxWayBackLength));
    expect(safeRedirectPath(path(maxWayBackLength + 1), host, '/login')).toBe('/login');
  });
});
