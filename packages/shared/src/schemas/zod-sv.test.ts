import { describe, expect, it } from 'vitest';
import { loginRequest } from './auth';
import {
  categoryKey,
  email,
  id,
  httpUrl,
  optionalHttpUrl,
  optionalText,
  requiredText,
  slug,
} from './common';
import { nodeCreateRequest } from './node';
import { setNotificationStatusRequest } from './notification';
import { postInputObject } from './post';
import { createTokenRequest } from './token';
import { z } from './zod-sv';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
};

describe('Swedish validation messages (spec §5)', () => {
  it('required', () => {
    expect(firstMessage(requiredText(128), '')).toBe('Fältet måste vara ifyllt');
    expect(firstMessage(requiredText(128), '   ')).toBe('Fältet måste vara ifyllt');
    expect(firstMessage(requiredText(128), undefined)).toBe('Fältet måste vara ifyllt');
  });

  it('min and max length with the number filled in', () => {
    expect(firstMessage(requiredText(25, 2), 'a')).toBe('Fältet måste innehålla minst 2 tecken');
    expect(firstMessage(requiredText(128), 'x'.repeat(129))).toBe(
      'Fältet får innehålla max 128 tecken',
    );
  });

  it('e-mail', () => {
    expect(firstMessage(email, 'inte-en-adress')).toBe('Fel format på e-postadressen');
    expect(firstMessage(email, 'anna@exempelby.se')).toBeUndefined();
  });

  it('url must be http(s); the generic rule lets an empty url pass', () => {
    expect(firstMessage(httpUrl, 'ftp://example.org')).toBe(
      'Adressen måste börja med http:// eller https://',
    );
    expect(firstMessage(httpUrl, 'https://exempelby.se/skola')).toBeUndefined();
    expect(firstMessage(optionalHttpUrl, '')).toBeUndefined();
  });

  it('slug and category key', () => {
    expect(firstMessage(slug, 'Skol Start')).toBe(
      'Fältet får endast innehålla a-z och bindestreck',
    );
    expect(firstMessage(slug, 'skol--start')).toBe(
      'Fältet får endast innehålla a-z och bindestreck',
    );
    expect(firstMessage(slug, 'skolstart-2026')).toBeUndefined();
    expect(firstMessage(categoryKey, 'role-teacher')).toBe(
      'Fältet får endast innehålla a-z och understreck',
    );
    expect(firstMessage(categoryKey, 'role_teacher')).toBeUndefined();
  });

  it('empty optional text becomes null', () => {
    expect(optionalText().parse('')).toBeNull();
    expect(optionalText().parse('  hej ')).toBe('hej');
  });

  it('login needs both fields and nothing else', () => {
    const result = loginRequest.safeParse({ username: '', password: '', extra: 1 });
    expect(result.success).toBe(false);
    expect(
      result.error!.issues.map((issue) => [issue.path.join('.') || 'root', issue.message]),
    ).toEqual([
      ['username', 'Fältet måste vara ifyllt'],
      ['password', 'Fältet måste vara ifyllt'],
      ['root', 'Okänt fält: extra'],
    ]);
  });

  it('a missing or empty required choice, number, list or object is "required" (issue 21.1)', () => {
    const missing = (schema: z.ZodType, body: object, field: string) =>
      (schema.safeParse(body).error?.issues ?? [])
        .filter((issue) => issue.path.join('.') === field)
        .map((issue) => issue.message);
    const required = ['Fältet måste vara ifyllt'];
    const post = { title: 'Läsårsstart', nodeIds: [2], categoryIds: [3] };
    expect(missing(postInputObject, post, 'type')).toEqual(required);
    expect(missing(postInputObject, { ...post, type: null }, 'type')).toEqual(required);
    expect(missing(postInputObject, { ...post, type: '' }, 'type')).toEqual(required);
    expect(missing(createTokenRequest, {}, 'type')).toEqual(required);
    expect(missing(createTokenRequest, { type: 'masked' }, 'userId')).toEqual(required);
    expect(missing(createTokenRequest, { type: 'masked', userId: null }, 'userId')).toEqual(
      required,
    );
    expect(missing(nodeCreateRequest, { name: 'Klass 7A' }, 'type')).toEqual(required);
    expect(missing(setNotificationStatusRequest, { notificationIds: [1] }, 'status')).toEqual(
      required,
    );
    for (const schema of [z.number(), z.array(z.number()), z.object({}), z.boolean()]) {
      expect(missing(z.object({ value: schema }), {}, 'value')).toEqual(required);
      expect(missing(z.object({ value: schema }), { value: '' }, 'value')).toEqual(required);
    }
  });

  it('a present value of the wrong kind keeps its own message', () => {
    expect(firstMessage(z.enum(['a', 'b']), 'c')).toBe('Ogiltigt värde');
    expect(firstMessage(z.enum(['a', 'b']), 5)).toBe('Ogiltigt värde');
    expect(firstMessage(z.number(), 'tre')).toBe('Fel typ av värde');
    expect(firstMessage(createTokenRequest, { type: 'login', userId: 1 })).toBe('Ogiltigt värde');
  });

  it('an id from a path or query string is a number or digits, nothing converted silently (issue 21.8)', () => {
    expect(id.parse('4')).toBe(4);
    expect(id.parse(4)).toBe(4);
    for (const value of [['4'], [4], true, {}, '4abc', '1e3'])
      expect(firstMessage(id, value), JSON.stringify(value)).toBe('Fel typ av värde');
    expect(firstMessage(id, '1.5')).toBe('Fältet måste vara ett heltal');
    expect(firstMessage(id, '')).toBe('Fältet måste vara ifyllt');
  });
});
