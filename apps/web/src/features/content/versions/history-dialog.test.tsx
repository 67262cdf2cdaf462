import { createBlock, type Block, type PostResponse } from '@skolportalen/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPost } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import HistoryDialog from './history-dialog';
import { buildVersion, summaryOf } from './version-factories';

afterEach(() => vi.unstubAllGlobals());

const intro = createBlock('html', { html: '<p>Vi åker till skogen på fredag.</p>' });
const gone = createBlock('heading', { text: 'Packlista' });
const added = createBlock('heading', { text: 'Matsäck' });
const contentOf = (html: string, ...rest: Block[]) => [
  { ...intro, props: { html } } as Block,
  ...rest,
];

const versions = [
  buildVersion({
    number: 1,
    event: 'created',
    status: 'draft',
    recordedAt: '2026-11-18T09:15:00.000Z',
    post: {
      title: 'Utflykt',
      excerpt: 'Klass 3A åker ut.',
      content: contentOf('<p>Vi åker till skogen på fredag.</p>'),
    } as never,
  }),
  buildVersion({
    number: 2,
    event: 'published',
    recordedAt: '2026-11-19T10:00:00.000Z',
    post: {
      title: 'Utflykt till skogen',
      excerpt: 'Klass 3A åker ut.',
      content: contentOf('<p>Vi åker till skogen på fredag.</p>', gone),
    } as never,
    audience: { nodes: [{ id: 31, name: '3A' }], categories: [], users: [], editors: [] },
  }),
  buildVersion({
    number: 3,
    event: 'saved',
    recordedAt: '2026-11-20T13:30:00.000Z',
    changedBy: { id: 9, name: 'Johan Berg' },
    post: {
      title: 'Utflykt till skogen på torsdag',
      excerpt: 'Klass 3A åker ut.',
      content: contentOf('<p>Vi åker till skogen på torsdag.</p>', added),
    } as never,
    audience: {
      nodes: [
        { id: 31, name: '3A' },
        { id: 32, name: '3B' },
      ],
      categories: [],
      users: [],
      editors: [],
    },
  }),
];

function serve(restored: PostResponse) {
  const restores: string[] = [];
  mockFetch((url, init) => {
    if (url.startsWith('/api/core/v1/post/12/versions?')) {
      return json([...versions].reverse().map(summaryOf), {
        headers: { 'x-pagination-total': '3' },
      });
    }
    const one = /^\/api\/core\/v1\/post\/12\/versions\/(\d+)$/.exec(url);
    if (one) return json(versions[Number(one[1]) - 1]);
    if (url === '/api/core/v1/post/12/versions/2/restore' && init.method === 'POST') {
      restores.push(url);
      return json(restored);
    }
    return undefined;
  });
  return restores;
}

function open(post = buildPost({ id: 12, title: 'Utflykt till skogen på torsdag' })) {
  const onRestored = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <HistoryDialog open post={post} dirty onClose={onClose} onRestored={onRestored} />,
  );
  return { onRestored, onClose };
}

describe('the history of a post', () => {
  it('lists its versions, newest first, with the event in words, who and when', async () => {
    serve(buildPost());
    open();
    const list = await screen.findByRole('region', { name: 'Versioner, nyaste först' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Version 3 · Sparad');
    expect(items[0]).toHaveTextContent('20 november 2026 kl. 14:30, av Johan Berg');
    expect(items[2]).toHaveTextContent('Version 1 · Skapad');
    expect(within(list).getByText('3 av 3 versioner')).toBeInTheDocument();
  });

  it('compares the two latest versions at first, with what went and what came marked in words', async () => {
    serve(buildPost());
    open();
    const compare = await screen.findByRole('region', { name: 'Jämför två versioner' });
    expect(within(compare).getByLabelText('Från version')).toHaveValue('2');
    expect(within(compare).getByLabelText('Till version')).toHaveValue('3');
    await within(compare).findByText('Rubrik och ingress');

    const inserted = compare.querySelectorAll('ins');
    const deleted = compare.querySelectorAll('del');
    const texts = (nodes: NodeListOf<Element>) => [...nodes].map((node) => node.textContent);
    // The title's new words, the text's changed day, the new heading and the added group.
    expect(texts(inserted)).toEqual(
      expect.arrayContaining([
        'Tillagt:  på torsdag (slut på tillagt)',
        'Tillagt: torsdag. (slut på tillagt)',
        'Tillagt: Matsäck (slut på tillagt)',
        'Tillagt: 3B (slut på tillagt)',
      ]),
    );
    expect(texts(deleted)).toEqual(
      expect.arrayContaining([
        'Borttaget: fredag. (slut på borttaget)',
        'Borttaget: Packlista (slut på borttaget)',
      ]),
    );
    expect(within(compare).getByText('Nytt block')).toBeInTheDocument();
    expect(within(compare).getByText('Borttaget block')).toBeInTheDocument();
    // The status went from published to… published: no settings row for it.
    expect(within(compare).queryByRole('rowheader', { name: 'Status' })).not.toBeInTheDocument();
  });

  it('compares any two versions: the first draft against the newest', async () => {
    const user = userEvent.setup();
    serve(buildPost());
    open();
    const compare = await screen.findByRole('region', { name: 'Jämför två versioner' });
    await user.selectOptions(within(compare).getByLabelText('Från version'), '1');
    const status = await within(compare).findByRole('rowheader', { name: 'Status' });
    const row = status.closest('tr')!;
    expect(row).toHaveTextContent('Borttaget: Utkast');
    expect(row).toHaveTextContent('Tillagt: Publicerad');
    // The title only grew; the heading added since then is new.
    expect(compare.querySelector('ins')?.textContent).toBe(
      'Tillagt:  till skogen på torsdag (slut på tillagt)',
    );
    expect(within(compare).getByText('Nytt block')).toBeInTheDocument();
    expect(within(compare).queryByText('Borttaget block')).not.toBeInTheDocument();
  });

  it('restores a version as a new draft after saying what happens, and hands the draft on', async () => {
    const user = userEvent.setup();
    const draft = buildPost({ id: 12, title: 'Utflykt till skogen', status: 'draft' });
    const restores = serve(draft);
    const { onRestored, onClose } = open();
    await user.click(await screen.findByRole('button', { name: 'Återställ version 2' }));

    const question = await screen.findByRole('dialog', { name: 'Återställa version 2?' });
    expect(question).toHaveTextContent(/blir ett nytt utkast/);
    // The post is published now: as a draft it goes offline until published again.
    expect(question).toHaveTextContent(/syns det inte för läsarna förrän du publicerar det igen/);
    expect(question).toHaveTextContent(/Ändringar som du inte har sparat/);
    await user.click(within(question).getByRole('button', { name: 'Återställ som utkast' }));

    await waitFor(() => expect(onRestored).toHaveBeenCalledWith(draft));
    expect(restores).toHaveLength(1);
    expect(onClose).toHaveBeenCalled();
  });

  it('restores nothing when the question is cancelled', async () => {
    const user = userEvent.setup();
    const restores = serve(buildPost());
    const { onRestored } = open();
    await user.click(await screen.findByRole('button', { name: 'Återställ version 2' }));
    const question = await screen.findByRole('dialog', { name: 'Återställa version 2?' });
    await user.click(within(question).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(restores).toHaveLength(0);
    expect(onRestored).not.toHaveBeenCalled();
  });
});
