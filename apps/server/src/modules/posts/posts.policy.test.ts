import { sv } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../identity/auth-user.repo';
import { authorize, can } from '../../identity/authorize';
import { AppError } from '../../http/errors';
import { postPermissions, postsPolicy, type PostAccessFacts } from './posts.policy';

const c = sv.content.validation;

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

const news: PostAccessFacts = { type: 'news', status: 'draft', authorId: 5, editorIds: [7] };

function refusal(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('posts policy', () => {
  it('says which right is missing when a post may not be published', () => {
    const writer = user({ capabilities: { publish_post: true } });
    expect(can(writer, postsPolicy.publishType, 'news')).toBe(true);
    expect(refusal(() => authorize(writer, postsPolicy.publishType, 'alert')).message).toBe(
      c.alertNotAllowed,
    );
    const alerter = user({ capabilities: { create_alert: true } });
    expect(refusal(() => authorize(alerter, postsPolicy.publishType, 'alert')).message).toBe(
      c.publishNotAllowed,
    );
    expect(
      can(
        user({ capabilities: { publish_post: true, create_alert: true } }),
        postsPolicy.publishType,
        'alert',
      ),
    ).toBe(true);
  });

  it('tells an assigned editor that the publishing settings are the original editor’s', () => {
    const author = user({ id: 5 });
    const editor = user({ id: 7 });
    const stranger = user({ id: 9 });
    expect(can(author, postsPolicy.changeRestricted, news)).toBe(true);
    expect(refusal(() => authorize(editor, postsPolicy.changeRestricted, news)).message).toBe(
      c.notOriginalEditor,
    );
    expect(refusal(() => authorize(stranger, postsPolicy.changeRestricted, news))).toMatchObject({
      code: 'FORBIDDEN',
      message: sv.errors.forbidden,
    });
  });

  it('lets an assigned editor write the content as long as no restricted field changes', () => {
    const editor = user({ id: 7 });
    expect(can(editor, postsPolicy.writeRestricted, { post: news, changed: [] })).toBe(true);
    expect(
      refusal(() =>
        authorize(editor, postsPolicy.writeRestricted, { post: news, changed: ['status'] }),
      ).message,
    ).toBe(c.notOriginalEditor);
    const everyEditor = user({ capabilities: { edit_all_posts: true } });
    expect(can(everyEditor, postsPolicy.writeRestricted, { post: news, changed: ['status'] })).toBe(
      true,
    );
  });

  it('aims and e-mails only within the actor’s scope, each with its own refusal', () => {
    const own = { kind: 'groups' as const, nodeIds: new Set([10, 11]) };
    const teacher = user();
    expect(can(teacher, postsPolicy.target, { scope: own, nodeIds: [10, 11] })).toBe(true);
    expect(
      refusal(() => authorize(teacher, postsPolicy.target, { scope: own, nodeIds: [10, 12] }))
        .message,
    ).toBe(c.targetNotAllowed);
    expect(
      refusal(() => authorize(teacher, postsPolicy.notify, { scope: own, nodeIds: [12] })).message,
    ).toBe(c.notificationNotAllowed);
    expect(can(teacher, postsPolicy.notify, { scope: { kind: 'all' }, nodeIds: [12] })).toBe(true);
  });

  it('sends the flags the writes ask', () => {
    const author = user({ id: 5, capabilities: { delete_post: true, publish_post: true } });
    expect(postPermissions(author, news, null)).toEqual({
      edit: true,
      delete: true,
      publish: true,
      changeRestricted: true,
      readAcknowledgements: false,
    });
    expect(postPermissions(user({ id: 7 }), news, null)).toEqual({
      edit: true,
      delete: false,
      publish: false,
      changeRestricted: false,
      readAcknowledgements: false,
    });
  });

  it("opens a must-read post's report to its author and editors, a rektor of a school it reaches, and administrators", () => {
    const mustRead = { ...news, status: 'publish' as const, reachesOwnSchool: false };
    const reachingHerSchool = { ...mustRead, reachesOwnSchool: true };
    const rektor = user({ id: 9, isSchoolResponsible: true });
    const flag = (actor: AuthUser, facts: typeof mustRead) =>
      postPermissions(actor, facts, facts).readAcknowledgements;
    expect(flag(user({ id: 5 }), mustRead)).toBe(true);
    expect(flag(user({ id: 7 }), mustRead)).toBe(true);
    expect(flag(user({ id: 8, isAdmin: true }), mustRead)).toBe(true);
    expect(flag(rektor, reachingHerSchool)).toBe(true);
    expect(flag(rektor, mustRead)).toBe(false);
    expect(flag(user({ id: 8 }), reachingHerSchool)).toBe(false);
    expect(can(user({ id: 8 }), postsPolicy.readAcknowledgements, mustRead)).toBe(false);
  });
});
