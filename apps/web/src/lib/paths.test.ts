import { describe, expect, it } from 'vitest';
import { paths, redirectTarget, safeRedirect, withQuery } from './paths';

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

describe('redirectTarget', () => {
  it('reads the way back from the login page’s query, exactly, with its own query', () => {
    const back = '/nyhet/utflykt-till-naturhistoriska-museet-med-3a?visa=kommentarer&sida=2';
    expect(redirectTarget(`?${new URLSearchParams({ redirect: back })}`, origin)).toBe(back);
    expect(
      redirectTarget(new URLSearchParams({ redirect: '/kurs/ett-ar%C3%A5?x=%C3%B6' }), origin),
    ).toBe('/kurs/ett-ar%C3%A5?x=%C3%B6');
    // The way it is written by the auth guard (paths.login.href) reads back unchanged.
    const login = new URL(paths.login.href('/sida/om?flik=1'), origin);
    expect(redirectTarget(login.search, origin)).toBe('/sida/om?flik=1');
  });

  it('is the start page when there is no way back', () => {
    expect(redirectTarget('', origin)).toBe('/');
    expect(redirectTarget('?ssoError=invalid', origin)).toBe('/');
  });

  it.each([
    '//evil.example',
    '//evil.example/nyhet/x',
    'https://evil',
    'https://evil.example/nyhet/x',
    `${origin}.evil.example/`,
    '/\\evil',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/..//evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    ' /nyhet/x',
    'nyhet/x',
    '/login',
    '/login?redirect=%2F%2Fevil.example',
  ])('never leads off the site, nor back to the login page: %j', (hostile) => {
    expect(redirectTarget(new URLSearchParams({ redirect: hostile }), origin)).toBe('/');
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
