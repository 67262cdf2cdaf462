import { describe, expect, it } from 'vitest';
import { postInput, slugify } from './post';

const base = { type: 'news', title: 'Läsårsstart', nodeIds: [2], categoryIds: [3] };
const issues = (input: unknown) => {
  const result = postInput.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('post input', () => {
  it('applies the sending rules of spec §3', () => {
    const post = postInput.parse({
      ...base,
      excerpt: null,
      parentId: null,
      pseudoAuthor: '',
      blurbs: JSON.stringify([{ title: 'A', text: 'B' }]),
      info: JSON.stringify([{ title: 'Länk', url: 'https://exempelby.se' }]),
      contact: JSON.stringify({ name: 'Anna', email: '' }),
      course: { place: null, attendeeInformation: '[{"title":"Allergier"}]' },
    });
    expect(post.excerpt).toBe('');
    expect(post.parentId).toBe(0);
    expect(post.pseudoAuthor).toBeNull();
    expect(post.status).toBe('publish');
    expect(post.allowComments).toBe(true);
    expect(post.blurbs).toEqual([{ title: 'A', text: 'B' }]);
    expect(post.info).toEqual([
      { title: 'Länk', url: 'https://exempelby.se', openInNewWindow: false },
    ]);
    expect(post.contact).toEqual({ name: 'Anna', title: null, email: null, phone: null });
    expect(post.course?.place).toBe('');
    expect(post.course?.attendeeInformation).toEqual([{ title: 'Allergier', required: false }]);
  });

  it('asks for a confirmation only of the notice types, with a deadline after the publishing', () => {
    const post = postInput.parse({ ...base, requiresAcknowledgement: true });
    expect(post).toMatchObject({
      requiresAcknowledgement: true,
      acknowledgeBy: null,
      acknowledgement: 'each-reader',
      reminderHoursBefore: [24],
    });
    expect(
      postInput.parse({ ...base, requiresAcknowledgement: true, reminderHoursBefore: [2, 48, 2] })
        .reminderHoursBefore,
    ).toEqual([48, 2]);
    expect(issues({ ...base, type: 'advertisment', requiresAcknowledgement: true })).toEqual([
      'requiresAcknowledgement: Läsbekräftelse kan bara krävas för nyheter, informationsmeddelanden, krisinformation och sidor',
    ]);
    expect(issues({ ...base, acknowledgeBy: '2026-12-01T08:00:00Z' })).toEqual([
      'acknowledgeBy: Sista dag för läsbekräftelse kan bara anges när läsbekräftelse krävs',
    ]);
    expect(
      issues({
        ...base,
        requiresAcknowledgement: true,
        publishedDate: '2026-12-02T08:00:00Z',
        acknowledgeBy: '2026-12-01T08:00:00Z',
      }),
    ).toEqual(['acknowledgeBy: Sista dag för läsbekräftelse måste ligga efter publiceringen']);
    expect(issues({ ...base, requiresAcknowledgement: true, reminderHoursBefore: [721] })).toEqual([
      'reminderHoursBefore.0: Värdet får vara högst 720',
    ]);
  });

  it('checks the bounds with the exact messages', () => {
    expect(issues({ ...base, title: '' })).toEqual(['title: Fältet måste vara ifyllt']);
    expect(issues({ ...base, title: 'x'.repeat(129) })).toEqual([
      'title: Fältet får innehålla max 128 tecken',
    ]);
    expect(issues({ ...base, excerpt: 'x'.repeat(251) })).toEqual([
      'excerpt: Fältet får innehålla max 250 tecken',
    ]);
    expect(issues({ ...base, slug: 'Hej då' })).toEqual([
      'slug: Fältet får endast innehålla a-z och bindestreck',
    ]);
    expect(issues({ ...base, blurbs: '[{"title":"a","text":"' + 'x'.repeat(251) + '"}]' })).toEqual(
      ['blurbs.0.text: Fältet får innehålla max 250 tecken'],
    );
    expect(issues({ ...base, info: '[{"title":"","url":"javascript:alert(1)"}]' })).toEqual([
      'info.0.title: Fältet måste vara ifyllt',
      'info.0.url: Adressen måste börja med http:// eller https://',
    ]);
    expect(issues({ ...base, blurbs: '[{' })).toEqual([
      'blurbs: Fältet måste innehålla giltig JSON',
    ]);
  });

  it('needs a group, a role category and, for tools, an icon to publish', () => {
    expect(issues({ type: 'news', title: 'x' })).toEqual([
      'nodeIds: Minst en grupp måste väljas',
      'categoryIds: Minst ett val måste göras',
    ]);
    expect(issues({ type: 'news', title: 'x', status: 'draft' })).toEqual([]);
    expect(issues({ ...base, type: 'tool' })).toEqual([
      'mediaId: Du måste välja ikon innan du publicerar',
    ]);
    expect(issues({ ...base, type: 'course' })).toEqual([
      'courseDate: Fältet måste vara ifyllt',
      'course: Kursuppgifterna måste fyllas i',
    ]);
    expect(
      issues({
        ...base,
        publishedDate: '2026-12-01T08:00:00Z',
        unpublishedDate: '2026-11-01T08:00:00Z',
      }),
    ).toEqual(['unpublishedDate: Avpubliceringen måste ligga efter publiceringen']);
  });

  it('pagePlacement is required: null and an empty string say so; absent takes the default (issue 21.2)', () => {
    expect(issues({ ...base, pagePlacement: null })).toEqual([
      'pagePlacement: Fältet måste vara ifyllt',
    ]);
    expect(issues({ ...base, pagePlacement: '' })).toEqual([
      'pagePlacement: Fältet måste vara ifyllt',
    ]);
    expect(issues({ ...base, pagePlacement: 'mitten' })).toEqual(['pagePlacement: Ogiltigt värde']);
    expect(postInput.parse(base).pagePlacement).toBe('none');
  });

  it('makes slugs from Swedish titles', () => {
    expect(slugify('Läsårsstart 2026!')).toBe('lasarsstart-2026');
    expect(slugify('Öppet hus på Åsens skola')).toBe('oppet-hus-pa-asens-skola');
    expect(slugify('???')).toBe('innehall');
  });
});
