import { sv } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../identity/auth-user.repo';
import { authorize, can } from '../../identity/authorize';
import { AppError } from '../../http/errors';
import { userDetailCan, usersPolicy } from './users.policy';

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
const admin = user({ id: 1, isAdmin: true, capabilities: { mask_user: true } });
const superadmin = user({ id: 2, isAdmin: true, roles: [superadminRole] });
const teacher = user({ id: 3 });
const otherSuperadmin = user({ id: 4, isAdmin: true, roles: [superadminRole] });

function refusalOf(run: () => void) {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  return null;
}

describe('users policy', () => {
  it('changing a user needs the admin status and the screen’s right not denied', () => {
    expect(can(admin, usersPolicy.edit, teacher)).toBe(true);
    expect(can(teacher, usersPolicy.edit, admin)).toBe(false);
    const denied = user({ isAdmin: true, capabilities: { user_role_edit: false } });
    expect(can(denied, usersPolicy.edit, teacher)).toBe(true);
    expect(can(denied, usersPolicy.editRoles, teacher)).toBe(false);
  });

  it('a super administrator is changed only by another one, and the refusal says so', () => {
    expect(can(superadmin, usersPolicy.edit, otherSuperadmin)).toBe(true);
    expect(refusalOf(() => authorize(admin, usersPolicy.edit, superadmin))).toEqual({
      status: 403,
      message: sv.admin.errors.superadminOnly,
    });
    // Without the right at all, the refusal is the generic one, whoever the target is.
    expect(refusalOf(() => authorize(teacher, usersPolicy.edit, superadmin))).toEqual({
      status: 403,
      message: sv.errors.forbidden,
    });
  });

  it('reads oneself always, others with user_list', () => {
    expect(can(teacher, usersPolicy.read, teacher.id)).toBe(true);
    expect(can(teacher, usersPolicy.read, admin.id)).toBe(false);
    expect(can(user({ capabilities: { user_list: true } }), usersPolicy.read, 9)).toBe(true);
  });

  it('flags on one user: no disabling or masking oneself, no masking an administrator or a disabled account', () => {
    expect(userDetailCan(admin, teacher)).toEqual({
      edit: true,
      editRoles: true,
      editGroups: true,
      editCapabilities: true,
      mask: true,
      disable: true,
      securityMarking: false,
    });
    expect(userDetailCan(admin, admin)).toMatchObject({ edit: true, mask: false, disable: false });
    expect(userDetailCan(admin, otherSuperadmin)).toMatchObject({ edit: false, mask: false });
    expect(userDetailCan(admin, user({ id: 5, disabled: true }))).toMatchObject({ mask: false });
    expect(userDetailCan(teacher, admin)).toEqual({
      edit: false,
      editRoles: false,
      editGroups: false,
      editCapabilities: false,
      mask: false,
      disable: false,
      securityMarking: false,
    });
  });

  it('a security marking is set by an administrator who holds view_protected_identity', () => {
    const entitled = user({ isAdmin: true, capabilities: { view_protected_identity: true } });
    expect(can(entitled, usersPolicy.securityMarking, teacher)).toBe(true);
    expect(can(entitled, usersPolicy.securityMarking, superadmin)).toBe(false);
    expect(refusalOf(() => authorize(admin, usersPolicy.securityMarking, teacher))).toEqual({
      status: 403,
      message: sv.admin.errors.securityMarkingRight,
    });
    // A rektor holds the right for their school but administers no one.
    const rektor = user({ capabilities: { view_protected_identity: true } });
    expect(refusalOf(() => authorize(rektor, usersPolicy.securityMarking, teacher))).toEqual({
      status: 403,
      message: sv.errors.forbidden,
    });
  });
});
