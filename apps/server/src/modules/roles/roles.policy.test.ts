import { sv } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../identity/auth-user.repo';
import { authorize, can } from '../../identity/authorize';
import { roleCan, rolesPolicy } from './roles.policy';

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
const roleAdmin = user({ isAdmin: true, capabilities: { role_list: true } });
const superadmin = user({ ...roleAdmin, roles: [superadminRole] });

describe('roles policy', () => {
  it('administrator roles are managed only by a super administrator', () => {
    expect(can(roleAdmin, rolesPolicy.manage, 'role_teacher')).toBe(true);
    expect(can(superadmin, rolesPolicy.manage, 'role_admin')).toBe(true);
    expect(() => authorize(roleAdmin, rolesPolicy.manage, 'role_admin')).toThrow(
      sv.admin.errors.superadminOnly,
    );
  });

  it('the matrix offers editing a role’s rights and deleting roles that are not built in', () => {
    expect(roleCan(roleAdmin, 'role_teacher')).toEqual({ edit: true, delete: false });
    expect(roleCan(roleAdmin, 'custom_role')).toEqual({ edit: true, delete: true });
    expect(roleCan(roleAdmin, 'role_admin')).toEqual({ edit: false, delete: false });
    expect(roleCan(superadmin, 'role_admin')).toEqual({ edit: true, delete: false });
    // role_list must be granted, not merely not denied.
    expect(roleCan(user({ isAdmin: true }), 'custom_role')).toEqual({ edit: false, delete: false });
    const noDelete = user({ isAdmin: true, capabilities: { role_list: true, role_delete: false } });
    expect(roleCan(noDelete, 'custom_role')).toEqual({ edit: true, delete: false });
  });
});
