import { describe, expect, it } from 'vitest';
import { paths, safeRedirect, withQuery } from './paths';

const origin = 'https://skolportalen.exempelby.se';

describe('safeRedirect', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeRedirect('/profile/info?highlightEmail=true', origin)).toBe(
      '/profile/info?highlightEmail=true',
    );
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'profile',
    '/login?redirect=/',
  ])('falls back to the start page for %s', (value) => {
    expect(safeRedirect(value, origin)).toBe('/');
  });
});

describe('paths', () => {
  it('builds the e-mail prompt’s profile link', () => {
    expect(paths.profile.info.href('anna.larsson', { highlightEmail: true })).toBe(
      '/profile/info/anna.larsson?highlightEmail=true',
    );
    expect(paths.login.href('/sida/om')).toBe('/login?redirect=%2Fsida%2Fom');
  });
});

describe('withQuery', () => {
  it('writes lists as key[] and leaves empty values out', () => {
    expect(
      withQuery('/api/core/v1/node', {
        type: ['Klass', 'Skolenhet'],
        search: 'ö 3',
        page: 2,
        parentId: undefined,
        role: '',
      }),
    ).toBe('/api/core/v1/node?type%5B%5D=Klass&type%5B%5D=Skolenhet&search=%C3%B6+3&page=2');
    expect(withQuery('/api/core/v1/token', {})).toBe('/api/core/v1/token');
  });
});
