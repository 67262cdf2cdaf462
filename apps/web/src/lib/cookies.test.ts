import { describe, expect, it } from 'vitest';
import { clearSignedInCookie, hasSignedInCookie, takeRoleChoiceOffer } from './cookies';

describe('the signed-in flag', () => {
  it('is found under the plain name of a local plain-HTTP set-up, and cleared', () => {
    expect(hasSignedInCookie()).toBe(false);
    document.cookie = 'skolportalen_inloggad=1; path=/';
    expect(hasSignedInCookie()).toBe(true);
    clearSignedInCookie();
    expect(hasSignedInCookie()).toBe(false);
  });

  it('is found under the __Host- name the server uses with Secure cookies, and cleared', () => {
    document.cookie = '__Host-skolportalen_inloggad=1; path=/; Secure';
    expect(document.cookie).toContain('__Host-skolportalen_inloggad=1');
    expect(hasSignedInCookie()).toBe(true);
    clearSignedInCookie();
    expect(hasSignedInCookie()).toBe(false);
  });

  it('is not taken from a cookie that only resembles it', () => {
    document.cookie = 'x_skolportalen_inloggad=1; path=/';
    document.cookie = 'skolportalen_inloggad=; path=/';
    expect(hasSignedInCookie()).toBe(false);
  });
});

describe('the role choice offered after a single sign-on', () => {
  it('is taken once, under either name', () => {
    expect(takeRoleChoiceOffer()).toBe(false);
    document.cookie = 'skolportalen_valj_roll=1; path=/';
    expect(takeRoleChoiceOffer()).toBe(true);
    expect(takeRoleChoiceOffer()).toBe(false);
    document.cookie = '__Host-skolportalen_valj_roll=1; path=/; Secure';
    expect(takeRoleChoiceOffer()).toBe(true);
    expect(document.cookie).not.toContain('valj_roll');
  });
});
