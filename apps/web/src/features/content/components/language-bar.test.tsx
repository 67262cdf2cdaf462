import { createBlock, sv } from '@skolportalen/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPost, buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import ReadPostRoute from '../routes/read-post-route';

afterEach(() => vi.unstubAllGlobals());

const t = sv.translations;
const routes = [{ path: '/nyhet/:slug?', element: <ReadPostRoute /> }];

const original = buildPost({
  id: 9,
  slug: 'stangt',
  url: '/nyhet/stangt',
  title: 'Skolan är stängd i dag',
  excerpt: 'Läs mer nedan.',
  content: [createBlock('html', { html: '<p>Alla elever stannar hemma.</p>' })],
});
const arabic = {
  ...original,
  title: 'المدرسة مغلقة اليوم',
  excerpt: 'اقرأ المزيد أدناه.',
  content: [{ ...original.content[0]!, props: { html: '<p>يبقى جميع الطلاب في المنزل.</p>' } }],
  language: 'ar',
  dir: 'rtl' as const,
};
const languages = {
  sourceLanguage: 'sv',
  languages: [
    { code: 'sv', endonym: 'Svenska', name: 'svenska', dir: 'ltr' },
    { code: 'ar', endonym: 'العربية', name: 'arabiska', dir: 'rtl' },
    { code: 'so', endonym: 'Soomaali', name: 'somaliska', dir: 'ltr' },
  ],
  machineTranslation: true,
};

function serve(options: { reader: string; own: object; onRequest?: () => Response }) {
  return mockFetch((url, init) => {
    if (url === '/api/core/v1/user') return json(buildUser({ preferredLanguage: options.reader }));
    if (url === '/api/core/v1/post/stangt') return json(options.own);
    if (url === '/api/core/v1/post/stangt?language=sv') return json(original);
    if (url === '/api/core/v1/translation/languages') return json(languages);
    if (url === '/api/core/v1/post/9/translation/so/request' && init.method === 'POST') {
      return options.onRequest?.();
    }
    if (url.startsWith('/api/core/v1/post-read/')) {
      return json({ postId: 9, isRead: true, readAt: '2026-03-02T08:00:00Z' });
    }
    return undefined;
  });
}

describe("a post in the reader's language", () => {
  it('shows a translation right to left inside the Swedish frame, with the original a click away', async () => {
    const user = userEvent.setup();
    serve({ reader: 'ar', own: { ...arabic, machineTranslated: true, outdated: true } });
    renderRoutes(routes, '/nyhet/stangt');

    const heading = await screen.findByRole('heading', { level: 1, name: arabic.title });
    expect(heading).toHaveAttribute('lang', 'ar');
    expect(heading).toHaveAttribute('dir', 'rtl');
    const body = screen.getByText('يبقى جميع الطلاب في المنزل.').closest('[dir]');
    expect(body).toHaveAttribute('dir', 'rtl');
    expect(body).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('group', { name: t.languageBar })).toHaveTextContent(
      'Visas på العربية',
    );
    expect(screen.getByText(t.machineTranslated)).toBeInTheDocument();
    expect(screen.getByText(t.outdatedShort)).toBeInTheDocument();
    // The Swedish frame is not marked as Arabic.
    expect(screen.getByText(sv.content.types.news).closest('[lang="ar"]')).toBeNull();

    await user.click(screen.getAllByRole('button', { name: t.showOriginal })[0]!);
    const swedish = await screen.findByRole('heading', { level: 1, name: original.title });
    expect(swedish).not.toHaveAttribute('dir');
    expect(screen.queryByText(t.machineTranslated)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Visa på العربية' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: arabic.title }),
    ).toBeInTheDocument();
  });

  it('offers a machine translation when none exists, and shows it', async () => {
    const user = userEvent.setup();
    const somali = {
      ...original,
      title: 'Dugsiga waa xiran yahay maanta',
      language: 'so',
      machineTranslated: true,
    };
    const fetchMock = serve({ reader: 'so', own: original, onRequest: () => json(somali) });
    renderRoutes(routes, '/nyhet/stangt');

    await user.click(await screen.findByRole('button', { name: 'Översätt till Soomaali' }));
    const heading = await screen.findByRole('heading', { level: 1, name: somali.title });
    expect(heading).toHaveAttribute('lang', 'so');
    expect(heading).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText(t.machineTranslated)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/request'))).toHaveLength(
      1,
    );
  });

  it('says why when the provider refuses', async () => {
    const user = userEvent.setup();
    serve({
      reader: 'so',
      own: original,
      onRequest: () =>
        json({ code: 'translation.budget', message: t.errors.budgetSpent }, { status: 429 }),
    });
    renderRoutes(routes, '/nyhet/stangt');
    await user.click(await screen.findByRole('button', { name: 'Översätt till Soomaali' }));
    expect(await screen.findByText(t.errors.budgetSpent)).toBeInTheDocument();
  });

  it('shows a Swedish reader nothing of it', async () => {
    serve({ reader: 'sv', own: original });
    renderRoutes(routes, '/nyhet/stangt');
    await screen.findByRole('heading', { level: 1, name: original.title });
    expect(screen.queryByRole('group', { name: t.languageBar })).toBeNull();
    expect(screen.queryByRole('button', { name: /Översätt till/ })).toBeNull();
  });
});
