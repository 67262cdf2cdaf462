import { describe, expect, it } from 'vitest';
import { loginRequest } from './auth';
import {
  categoryKey,
  email,
  httpUrl,
  optionalHttpUrl,
  optionalText,
  requiredText,
  slug,
} from './common';
import type { z } from './zod-sv';

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
});
