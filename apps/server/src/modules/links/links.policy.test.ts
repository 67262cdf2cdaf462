import { sv } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../identity/auth-user.repo';
import { authorize } from '../../identity/authorize';
import { AppError } from '../../http/errors';
import {
  canChangeUserList,
  canCreateLink,
  canDeleteLink,
  canEditLink,
  canReadUserList,
  linkPermissions,
  linksPolicy,
  targetsWithinScope,
  type ManageScope,
} from './links.policy';

const texts = sv.toolsAndProfile.adminTools;

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

const manager = { create_link: true, edit_link: true, delete_link: true };
const all: ManageScope = { kind: 'all' };
const lindang: ManageScope = { kind: 'schools', nodeIds: new Set([10, 11, 12]) };
const none: ManageScope = { kind: 'none' };

describe('tool administration policy', () => {
  it('a scope of schools holds only tools aimed entirely inside it', () => {
    expect(targetsWithinScope(lindang, [10, 12])).toBe(true);
    expect(targetsWithinScope(lindang, [10, 1])).toBe(false);
    expect(targetsWithinScope(lindang, [])).toBe(false);
    expect(targetsWithinScope(all, [1])).toBe(true);
    expect(targetsWithinScope(none, [10])).toBe(false);
  });

  it('edit and delete need the right and the scope; Google tools need create_google_tool', () => {
    const admin = user({ isAdmin: true, capabilities: { ...manager, create_google_tool: true } });
    const principal = user({ isSchoolResponsible: true, capabilities: manager });
    const tool = { type: 'tool' as const, nodeIds: [10] };
    const google = { type: 'google-tool' as const, nodeIds: [10] };
    expect(canEditLink(admin, all, google)).toBe(true);
    expect(canEditLink(principal, lindang, tool)).toBe(true);
    expect(canEditLink(principal, lindang, google)).toBe(false);
    expect(canDeleteLink(principal, lindang, { type: 'tool', nodeIds: [1] })).toBe(false);
    expect(canEditLink(user({ capabilities: { edit_link: false } }), all, tool)).toBe(false);
    expect(canCreateLink(principal, 'tool')).toBe(true);
    expect(canCreateLink(principal, 'google-tool')).toBe(false);
  });

  it('own lists need edit_own_links; someone else’s user_edit (change) or user_list (read)', () => {
    const teacher = user({ id: 5, capabilities: { edit_own_links: true } });
    expect(canChangeUserList(teacher, 5)).toBe(true);
    expect(canChangeUserList(teacher, 6)).toBe(false);
    expect(canChangeUserList(user({ id: 5 }), 5)).toBe(false);
    expect(canChangeUserList(user({ capabilities: { user_edit: true } }), 6)).toBe(true);
    expect(canReadUserList(teacher, 5)).toBe(true);
    expect(canReadUserList(teacher, 6)).toBe(false);
    expect(canReadUserList(user({ capabilities: { user_list: true } }), 6)).toBe(true);
  });
});

describe('tool rules and flags', () => {
  const principal = user({ id: 5, isSchoolResponsible: true, capabilities: manager });
  const tool = { type: 'tool' as const, nodeIds: [10] };

  function refusalMessage(run: () => void): string {
    try {
      run();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 403) return error.message;
      throw error;
    }
    throw new Error('expected a refusal');
  }

  it('says why a tool may not be created or saved as it is', () => {
    expect(refusalMessage(() => authorize(principal, linksPolicy.create, 'google-tool'))).toBe(
      texts.googleNotAllowed,
    );
    expect(refusalMessage(() => authorize(user(), linksPolicy.create, 'tool'))).toBe(
      sv.errors.forbidden,
    );
    const saveAs = (link: { type: 'tool' | 'google-tool'; nodeIds: number[] }) => () =>
      authorize(principal, linksPolicy.saveAs, { scope: lindang, link, storedType: 'tool' });
    expect(refusalMessage(saveAs({ type: 'google-tool', nodeIds: [10] }))).toBe(
      texts.googleNotAllowed,
    );
    expect(refusalMessage(saveAs({ type: 'tool', nodeIds: [1] }))).toBe(texts.onlyOwnSchools);
    expect(saveAs(tool)).not.toThrow();
  });

  it('offers adding an optional tool to whoever may change the list, and only once', () => {
    const view = {
      scope: lindang,
      link: tool,
      listOwnerId: 5,
      visible: true,
      optional: true,
      inMyList: false,
    };
    const owner = user({ id: 5, capabilities: { edit_own_links: true } });
    expect(linkPermissions(owner, view)).toEqual({
      edit: false,
      delete: false,
      add: true,
      remove: false,
    });
    expect(linkPermissions(owner, { ...view, inMyList: true })).toMatchObject({
      add: false,
      remove: true,
    });
    expect(linkPermissions(principal, view)).toEqual({
      edit: true,
      delete: true,
      add: false,
      remove: false,
    });
  });
});
