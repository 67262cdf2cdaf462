import { sv } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../identity/auth-user.repo';
import { authorize, can } from '../../identity/authorize';
import { AppError } from '../../http/errors';
import { tokenCan, tokensPolicy } from './tokens.policy';

function user(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 1,
    uid: 'u',
    name: 'U',
    email: null,
    firstName: 'U',
    lastName: 'U',
    roles: [],
    capabilities: {},
    isAdmin: false,
    isSchoolResponsible: false,
    disabled: false,
    preferredLanguage: 'sv',
    languageAsked: false,
    ...overrides,
  };
}

const superadminRole = { id: 1, key: 'role_superadmin', name: 'Superadmin', categoryId: null };
const admin = user({ id: 1, isAdmin: true });
const superadmin = user({ id: 2, isAdmin: true, roles: [superadminRole] });

describe('tokens policy', () => {
  it('revokes others’ tokens as an administrator, a super administrator’s only as one', () => {
    expect(can(admin, tokensPolicy.revoke, { isSuperadmin: false })).toBe(true);
    expect(can(admin, tokensPolicy.revoke, { isSuperadmin: true })).toBe(false);
    expect(can(superadmin, tokensPolicy.revoke, { isSuperadmin: true })).toBe(true);
    expect(can(user({ id: 3 }), tokensPolicy.revoke, { isSuperadmin: false })).toBe(false);
    const denied = user({ isAdmin: true, capabilities: { token_delete: false } });
    expect(can(denied, tokensPolicy.revoke, { isSuperadmin: false })).toBe(false);
  });

  it('refuses a token whose account is gone with the super administrator message', () => {
    expect(() => authorize(superadmin, tokensPolicy.revoke, null)).toThrow(
      new AppError(403, 'FORBIDDEN', sv.admin.errors.superadminOnly),
    );
  });

  it('issues an API token for oneself or a non-administrator, never another administrator', () => {
    expect(can(admin, tokensPolicy.issueApiTokenFor, admin)).toBe(true);
    expect(can(admin, tokensPolicy.issueApiTokenFor, user({ id: 5 }))).toBe(true);
    expect(() => authorize(admin, tokensPolicy.issueApiTokenFor, superadmin)).toThrow(
      sv.admin.errors.tokenForAdmin,
    );
  });

  it('offers revoking only for a token that still works', () => {
    expect(tokenCan(admin, { active: true, ownerIsSuperadmin: false })).toEqual({ revoke: true });
    expect(tokenCan(admin, { active: false, ownerIsSuperadmin: false })).toEqual({
      revoke: false,
    });
    expect(tokenCan(admin, { active: true, ownerIsSuperadmin: true })).toEqual({ revoke: false });
  });
});
