import { describe, expect, it } from 'vitest';
import { favoriteInput, favoriteUpdate } from './favorite';
import { groupTemplateInput } from './group-template';
import { linkInput, linkSortRequest } from './link';
import { updateUserRequest } from './profile';
import type { z } from './zod-sv';

/** The first message per field, as the server and the forms show it. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join('.') || 'root'] ??= issue.message;
  return found;
}

const tool = {
  name: 'Schema',
  shortDescription: 'Ditt schema',
  longDescription: 'Se dagens lektioner och salar.',
  url: 'https://schema.exempelby.se',
  mediaId: 31,
  nodeIds: [2],
  categoryIds: [3],
};

describe('tool bounds (spec §5 Link)', () => {
  it('accepts a complete tool and fills the defaults', () => {
    expect(linkInput.parse({ ...tool, nodeIds: [2, 2, 3] })).toEqual({
      ...tool,
      nodeIds: [2, 3],
      type: 'tool',
      linkSort: 0,
      optional: false,
    });
  });

  it('a tool is published when saved, so it needs an icon (issue 21.3)', () => {
    for (const mediaId of [undefined, null])
      expect(messages(linkInput, { ...tool, mediaId }).mediaId).toBe(
        'Du måste välja ikon innan du publicerar',
      );
  });

  it.each([
    ['name', '', 'Fältet måste vara ifyllt'],
    ['name', 'S', 'Fältet måste innehålla minst 2 tecken'],
    ['name', 'x'.repeat(26), 'Fältet får innehålla max 25 tecken'],
    ['shortDescription', '   ', 'Fältet måste vara ifyllt'],
    ['shortDescription', 'Kort', 'Fältet måste innehålla minst 5 tecken'],
    ['shortDescription', 'x'.repeat(36), 'Fältet får innehålla max 35 tecken'],
    ['longDescription', 'För kort text', 'Fältet måste innehålla minst 15 tecken'],
    ['longDescription', 'x'.repeat(161), 'Fältet får innehålla max 160 tecken'],
    ['url', '', 'Fältet måste vara ifyllt'],
    ['url', 'ftp://filer.exempelby.se', 'Adressen måste börja med http:// eller https://'],
    ['url', 'javascript:alert(1)', 'Adressen måste börja med http:// eller https://'],
    ['url', 'data:text/html,<b>hej</b>', 'Adressen måste börja med http:// eller https://'],
    ['url', 'JAVASCRIPT://x', 'Adressen måste börja med http:// eller https://'],
    ['nodeIds', [], 'Minst en grupp måste väljas'],
    ['categoryIds', [], 'Minst ett val måste göras'],
    ['type', 'post', 'Ogiltigt värde'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messages(linkInput, { ...tool, [field]: value })[field]).toBe(message);
  });

  it('takes the icon as a media id only, never as a file name from the client', () => {
    expect(linkInput.parse({ ...tool, mediaId: 31 }).mediaId).toBe(31);
    expect(linkInput.safeParse({ ...tool, icon: '../secret.png' }).success).toBe(false);
  });

  it('takes the boundary lengths themselves', () => {
    expect(
      linkInput.safeParse({
        ...tool,
        name: 'x'.repeat(25),
        shortDescription: 'x'.repeat(35),
        longDescription: 'x'.repeat(160),
      }).success,
    ).toBe(true);
    expect(
      linkInput.safeParse({
        ...tool,
        name: 'Ab',
        shortDescription: 'Abcde',
        longDescription: 'x'.repeat(15),
      }).success,
    ).toBe(true);
  });

  it('a missing field is required and an unknown one refused', () => {
    expect(messages(linkInput, { ...tool, name: undefined, owner: 1 })).toEqual({
      name: 'Fältet måste vara ifyllt',
      root: 'Okänt fält: owner',
    });
  });

  it('sorting refuses the same tool twice', () => {
    expect(messages(linkSortRequest, { linkIds: [1, 2, 1] }).linkIds).toBe(
      'Samma verktyg finns flera gånger i listan.',
    );
    expect(messages(linkSortRequest, { linkIds: [] }).linkIds).toBe('Minst ett val måste göras');
  });
});

describe('favourite bounds (spec §5 Favorite)', () => {
  it('url is required and http(s); the name may be empty', () => {
    expect(messages(favoriteInput, { name: 'UR Play' }).url).toBe('Fältet måste vara ifyllt');
    expect(messages(favoriteInput, { url: 'javascript:alert(1)' }).url).toBe(
      'Adressen måste börja med http:// eller https://',
    );
    expect(favoriteInput.parse({ name: '', url: 'https://urplay.se' })).toEqual({
      name: null,
      url: 'https://urplay.se',
    });
  });

  it('an update changes something', () => {
    expect(messages(favoriteUpdate, {}).root).toBe('Minst ett val måste göras');
    expect(messages(favoriteUpdate, { url: 'data:,x' }).url).toBe(
      'Adressen måste börja med http:// eller https://',
    );
    expect(favoriteUpdate.parse({ sort: 3 })).toEqual({ sort: 3 });
  });
});

describe('group templates and the user', () => {
  it('a template needs a name and a group', () => {
    expect(messages(groupTemplateInput, { name: '', nodeIds: [] })).toEqual({
      name: 'Fältet måste vara ifyllt',
      nodeIds: 'Minst en grupp måste väljas',
    });
  });

  it('spec §5 User: e-mail required, valid, max 100; names required, max 30', () => {
    const valid = { email: 'mikael.holm@example.org', firstName: 'Mikael', lastName: 'Holm' };
    expect(updateUserRequest.safeParse(valid).success).toBe(true);
    expect(messages(updateUserRequest, { ...valid, email: '' }).email).toBe(
      'Fältet måste vara ifyllt',
    );
    expect(messages(updateUserRequest, { ...valid, email: 'mikael.holm' }).email).toBe(
      'Fel format på e-postadressen',
    );
    expect(messages(updateUserRequest, { ...valid, email: `${'m'.repeat(95)}@ex.se` }).email).toBe(
      'Fältet får innehålla max 100 tecken',
    );
    expect(messages(updateUserRequest, { ...valid, firstName: '' }).firstName).toBe(
      'Fältet måste vara ifyllt',
    );
    expect(messages(updateUserRequest, { ...valid, lastName: 'x'.repeat(31) }).lastName).toBe(
      'Fältet får innehålla max 30 tecken',
    );
  });
});
