import { describe, expect, it } from 'vitest';
import {
  capabilityCatalogue,
  capabilityGroups,
  capabilityKeys,
  capabilityLabel,
  effectiveCapabilities,
  hasCapability,
  roleDefaults,
} from './capabilities';
import { isAdmin, isSchoolResponsible, mainRoleOf, roleKeys } from './roles';

describe('hasCapability (spec §6)', () => {
  const rights = { create_post: true, media_list: false };

  it('a single key passes only when explicitly true', () => {
    expect(hasCapability(rights, 'create_post')).toBe(true);
    expect(hasCapability(rights, 'media_list')).toBe(false);
    expect(hasCapability(rights, 'role_list')).toBe(false);
  });

  it('a list passes when none of its keys is explicitly false', () => {
    expect(hasCapability(rights, ['create_post', 'role_list'])).toBe(true);
    expect(hasCapability(rights, ['role_list'])).toBe(true);
    expect(hasCapability(rights, ['create_post', 'media_list'])).toBe(false);
    expect(hasCapability(rights, [])).toBe(true);
  });
});

describe('effectiveCapabilities', () => {
  it('a user override beats every role value', () => {
    expect(effectiveCapabilities([{ create_post: true }], { create_post: false })).toEqual({
      create_post: false,
    });
    expect(effectiveCapabilities([{ create_post: false }], { create_post: true })).toEqual({
      create_post: true,
    });
  });

  it('one role granting wins over another denying; missing stays missing', () => {
    const result = effectiveCapabilities([
      { create_post: false, search: true },
      { create_post: true },
    ]);
    expect(result).toEqual({ create_post: true, search: true });
    expect('media_list' in result).toBe(false);
  });
});

describe('the catalogue', () => {
  it('covers every group of the spec and names the seven rights the spec names', () => {
    expect(new Set(Object.values(capabilityCatalogue))).toEqual(new Set(capabilityGroups));
    for (const key of [
      'create_post',
      'set_intrest_unit',
      'post_list_all',
      'get_all_links',
      'role_list',
      'media_list',
      'send_notification',
    ]) {
      expect(capabilityKeys).toContain(key);
    }
  });

  it('has a Swedish label for every right', () => {
    for (const key of capabilityKeys) expect(capabilityLabel(key)).toMatch(/^[A-ZÅÄÖ]/);
  });

  it('gives each role defaults only from the catalogue', () => {
    for (const key of roleKeys) {
      for (const capability of Object.keys(roleDefaults[key]))
        expect(capabilityKeys).toContain(capability);
    }
    expect(roleDefaults.role_student.create_post).toBe(false);
    expect(roleDefaults.role_teacher.create_post).toBe(true);
  });
});

describe('role helpers', () => {
  it('recognises the three administrator roles and the school-responsible role', () => {
    for (const key of ['role_admin', 'role_superadmin', 'role_municipality_admin']) {
      expect(isAdmin({ roles: [{ key }] })).toBe(true);
    }
    expect(isAdmin({ roles: [{ key: 'role_teacher' }, { key: 'role_school_responsible' }] })).toBe(
      false,
    );
    expect(isSchoolResponsible({ roles: [{ key: 'role_school_responsible' }] })).toBe(true);
    expect(mainRoleOf({ roles: [{ key: 'role_admin' }, { key: 'role_employee' }] })).toBe(
      'role_employee',
    );
  });
});
