import type { AcknowledgementLinkView } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import AcknowledgementLinkRoute from './acknowledgement-link-route';

afterEach(() => vi.unstubAllGlobals());

const token = 'Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4fGh7jKl0nPq3';
const api = `/api/core/v1/acknowledgement-link/${token}`;

const view = (overrides: Partial<AcknowledgementLinkView> = {}): AcknowledgementLinkView => ({
  post: {
    id: 7,
    type: 'info',
    title: 'Utflykt till skogen',
    excerpt: 'Vi åker på fredag.',
    publishedDate: '2026-11-20T08:00:00.000Z',
    url: '/nyhet/utflykt-till-skogen',
    content: [
      {
        id: 'p1',
        type: 'html',
        version: 1,
        props: { html: '<p>Matsäck och stövlar.</p>' },
        children: [],
      },
    ],
    moreInPortal: false,
    language: 'sv',
    dir: 'ltr',
    machineTranslated: false,
    outdated: false,
    original: null,
  },
  reader: { firstName: 'Karin' },
  acknowledgeBy: '2026-12-01T15:00:00.000Z',
  acknowledgement: 'each-reader',
  myAcknowledgement: {
    acknowledged: false,
    overdue: false,
    acknowledgedAt: null,
    children: [
      { id: 11, name: 'Elsa Nilsson', acknowledged: false, acknowledgedByMe: false },
      { id: 12, name: 'Olle Nilsson', acknowledged: false, acknowledgedByMe: false },
    ],
  },
  expiresAt: '2026-12-08T15:00:00.000Z',
  ...overrides,
});

function renderLink() {
  return renderRoutes(
    [{ path: '/bekrafta/:token', element: <AcknowledgementLinkRoute /> }],
    `/bekrafta/${token}`,
  );
}

describe('AcknowledgementLinkRoute', () => {
  it('shows the notice and a button per child, and confirms only when one is pressed', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url !== api) return undefined;
      if (init.method === 'POST') {
        return json({
          postId: 7,
          recorded: 2,
          myAcknowledgement: {
            ...view().myAcknowledgement,
            acknowledged: true,
            children: view().myAcknowledgement.children.map((child) => ({
              ...child,
              acknowledged: true,
              acknowledgedByMe: true,
            })),
          },
        });
      }
      return json(view());
    });
    renderLink();
    expect(await screen.findByText(/Hej Karin!/)).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Bekräfta att du har läst' }),
    ).toBeVisible();
    const notice = screen.getByRole('article', { name: 'Utflykt till skogen' });
    expect(within(notice).getByText('Matsäck och stövlar.')).toBeVisible();
    expect(
      screen.getByText(/^Bekräfta senast tisdag 1 december( 2026)? kl\.\s16\.00$/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Jag har läst (för Elsa Nilsson)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Jag har läst (för Olle Nilsson)' })).toBeVisible();
    // Opening the page asked, and confirmed nothing.
    expect(fetchMock.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual(['GET']);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Jag har läst (för alla barn)' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Tack! Du har bekräftat ”Utflykt till skogen” för Elsa Nilsson och Olle Nilsson\.$/,
    );
    expect(screen.getByText('Elsa Nilsson').parentElement).toHaveTextContent(
      'Elsa Nilsson: Du har bekräftat',
    );
    expect(screen.queryByRole('button')).toBeNull();
    const [, posted] = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(posted!.body))).toEqual({ childIds: [11, 12] });
  });

  it('marks an overdue notice, and a child another guardian has confirmed for', async () => {
    mockFetch((url) =>
      url === api
        ? json(
            view({
              myAcknowledgement: {
                acknowledged: false,
                overdue: true,
                acknowledgedAt: null,
                children: [
                  { id: 11, name: 'Elsa Nilsson', acknowledged: true, acknowledgedByMe: false },
                  { id: 12, name: 'Olle Nilsson', acknowledged: false, acknowledgedByMe: false },
                ],
              },
            }),
          )
        : undefined,
    );
    renderLink();
    expect((await screen.findByText('Elsa Nilsson')).parentElement).toHaveTextContent(
      'Elsa Nilsson: Bekräftat av en annan vårdnadshavare',
    );
    expect(screen.getByText('Sista dag har passerat')).toBeVisible();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Jag har läst (för Olle Nilsson)',
    ]);
  });

  it.each([
    [410, 'LINK_EXPIRED', 'Länken har gått ut'],
    [410, 'LINK_REVOKED', 'Länken gäller inte längre'],
    [404, 'NOT_FOUND', 'Länken finns inte'],
  ])(
    'shows an ended link (%i %s) as a page of its own, with the way in',
    async (status, code, title) => {
      mockFetch((url) => (url === api ? json({ code, message: title }, { status }) : undefined));
      renderLink();
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Logga in i Skolportalen' })).toHaveAttribute(
        'href',
        '/login',
      );
      expect(screen.queryByRole('button')).toBeNull();
    },
  );

  it('gives a translated notice in the reader’s language, right to left, with the Swedish original a click away', async () => {
    const swedish = view().post;
    mockFetch((url) =>
      url === api
        ? json(
            view({
              post: {
                ...swedish,
                title: 'رحلة إلى الغابة',
                excerpt: 'نذهب يوم الجمعة.',
                content: [
                  {
                    id: 'p1',
                    type: 'html',
                    version: 1,
                    props: { html: '<p>طعام وأحذية مطاطية.</p>' },
                    children: [],
                  },
                ],
                language: 'ar',
                dir: 'rtl',
                machineTranslated: true,
                outdated: true,
                original: {
                  title: swedish.title,
                  excerpt: swedish.excerpt,
                  content: swedish.content,
                },
              },
            }),
          )
        : undefined,
    );
    renderLink();
    const notice = await screen.findByRole('article', { name: 'رحلة إلى الغابة' });
    const title = within(notice).getByRole('heading', { level: 2 });
    expect(title).toHaveAttribute('lang', 'ar');
    expect(title).toHaveAttribute('dir', 'rtl');
    expect(within(notice).getByText('طعام وأحذية مطاطية.').closest('[lang]')).toHaveAttribute(
      'lang',
      'ar',
    );
    expect(within(notice).getByText('Maskinöversatt')).toBeVisible();
    expect(within(notice).getByText('Översättningen kan vara äldre än originalet.')).toBeVisible();

    await userEvent.click(within(notice).getByRole('button', { name: 'Visa original på svenska' }));
    const original = screen.getByRole('article', { name: 'Utflykt till skogen' });
    expect(within(original).getByRole('heading', { level: 2 })).toHaveAttribute('lang', 'sv');
    expect(within(original).getByText('Matsäck och stövlar.')).toBeVisible();
    expect(within(original).queryByText('Maskinöversatt')).toBeNull();
    expect(within(original).getByRole('button', { name: /^Visa på/ })).toBeVisible();
  });
});
