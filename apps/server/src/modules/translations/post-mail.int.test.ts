import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerClientOf, buildUser } from '../../../test/factories';
import {
  startFakeLibreTranslate,
  type FakeLibreTranslate,
} from '../../../test/fake-libretranslate';
import { createTestApp, waitFor, type TestContext } from '../../../test/harness';
import { clientFor, createPost, postUrl, type Client } from '../../../test/posts-helpers';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox';
import { buildClassWithGuardians } from '../notifications/notification-test-helpers';

/**
 * The mail about a post goes in the recipient's language when the post has a
 * translation into it, with the Swedish original below (issue 27); everyone
 * else gets the Swedish mail as before.
 */
let t: TestContext;
let inbox: SmtpInbox;
let provider: FakeLibreTranslate;
let admin: Awaited<ReturnType<typeof bearerClientOf>>;
let teacher: Client;
let audience: { nodeIds: number[]; categoryIds: number[] };

beforeAll(async () => {
  inbox = await startSmtpInbox();
  provider = await startFakeLibreTranslate({ apiKey: 'hemlig-nyckel' });
  t = await createTestApp({
    demo: false,
    env: {
      SMTP_URL: inbox.url,
      PUBLIC_URL: 'https://skolportal.exempelby.se',
      TRANSLATION_URL: provider.url,
      TRANSLATION_API_KEY: 'hemlig-nyckel',
    },
  });
  admin = await bearerClientOf(t, await buildUser(t, { role: 'role_admin' }));
  const fixture = await buildClassWithGuardians(t);
  audience = { nodeIds: [fixture.classId], categoryIds: [fixture.caretakerCategoryId] };
  teacher = await clientFor(t, fixture.people.anna);
  const karin = await clientFor(t, fixture.people.karin);
  const chosen = await karin('PUT', '/api/core/v1/user/language', { preferredLanguage: 'so' });
  expect(chosen.statusCode, chosen.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await inbox.close();
  await provider.close();
});

describe('a post’s notification mail', () => {
  it('reaches a Somali-reading guardian in Somali with the Swedish original below', async () => {
    const draft = await createPost(teacher, {
      ...audience,
      status: 'draft',
      title: 'Utvecklingssamtal vecka 48',
      excerpt: 'Boka en tid för samtal om ditt barns utveckling.',
      sendNotification: true,
    });
    const translated = await teacher('PUT', `${postUrl}/${draft.id}/translation/so`, {
      title: 'Wada-hadallada horumarka toddobaadka 48',
      excerpt: 'Ballan samee si aad ugala hadasho horumarka ilmahaaga.',
    });
    expect(translated.statusCode, translated.body).toBe(200);
    const published = await teacher('PUT', `${postUrl}/${draft.id}`, {
      type: 'news',
      ...audience,
      title: draft.title,
      excerpt: draft.excerpt,
      sendNotification: true,
      status: 'publish',
    });
    expect(published.statusCode, published.body).toBe(200);

    const somali = await waitFor(
      () => inbox.messages.find((mail) => mail.to[0] === 'karin.nilsson@example.org'),
      { what: 'the Somali mail' },
    );
    expect(somali.subject).toBe('Wada-hadallada horumarka toddobaadka 48');
    const [translatedPart, originalPart] = somali.text.split('Originalet på svenska:');
    expect(translatedPart).toContain('Ballan samee si aad ugala hadasho horumarka ilmahaaga.');
    expect(translatedPart).toContain(`https://skolportal.exempelby.se${draft.url}`);
    expect(originalPart).toContain('Utvecklingssamtal vecka 48');
    expect(originalPart).toContain('Boka en tid för samtal om ditt barns utveckling.');

    const swedish = await waitFor(
      () => inbox.messages.find((mail) => mail.to[0] === 'test.guardian@example.org'),
      { what: 'the Swedish mail' },
    );
    expect(swedish.subject).toBe('Utvecklingssamtal vecka 48');
    expect(swedish.text).not.toContain('Originalet på svenska');
    expect(swedish.text).not.toContain('Ballan');
  });

  it('of a crisis alert goes machine-translated at once, not in Swedish ahead of its translation', async () => {
    const published = await admin('POST', postUrl, {
      type: 'alert',
      ...audience,
      title: 'Skolan stängd i dag',
      excerpt: 'Skolan är stängd på grund av en vattenläcka.',
      content: [],
      sendNotification: true,
      status: 'publish',
    });
    expect(published.statusCode, published.body).toBe(201);

    const somali = await waitFor(
      () =>
        inbox.messages.find(
          (mail) => mail.to[0] === 'karin.nilsson@example.org' && mail.text.includes('vattenläcka'),
        ),
      { what: 'the Somali mail about the alert' },
    );
    expect(somali.subject).toBe('[so] Skolan stängd i dag');
    const [translatedPart, originalPart] = somali.text.split('Originalet på svenska:');
    expect(translatedPart).toContain('[so] Skolan är stängd på grund av en vattenläcka.');
    expect(originalPart).toContain('Skolan stängd i dag');
  });
});
