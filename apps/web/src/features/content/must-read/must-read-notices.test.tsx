import type { GetPostsRequest, MyAcknowledgement, PostListItem } from '@skolportalen/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildChildState, buildMustReadPost } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderAt } from '@/test/render';
import { MustReadNotices } from './must-read-notices';

afterEach(() => vi.unstubAllGlobals());

const listItem = (post: ReturnType<typeof buildMustReadPost>): PostListItem => {
  const { content: _content, ...item } = post;
  return item;
};

/** Serves the pending list and answers each confirmation with what the post now asks. */
function serve(items: PostListItem[], answer: (childIds?: number[]) => MyAcknowledgement) {
  const sent: { url: string; body: unknown }[] = [];
  mockFetch((url, init) => {
    if (url === '/api/core/v1/GetPosts') {
      const body = JSON.parse(String(init.body)) as GetPostsRequest;
      expect(body.mustRead).toBe('pending');
      return json(items, { headers: { 'x-pagination-total': String(items.length) } });
    }
    const confirm = /^\/api\/core\/v1\/post\/(\d+)\/acknowledge$/.exec(url);
    if (confirm && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { childIds?: number[] };
      sent.push({ url, body });
      return json({
        postId: Number(confirm[1]),
        recorded: 1,
        myAcknowledgement: answer(body.childIds),
      });
    }
    return undefined;
  });
  return sent;
}

describe('the must-read notices on the start page', () => {
  it('asks a guardian per child, then for the rest, and lets the notice go once all are confirmed', async () => {
    const user = userEvent.setup();
    const elsa = buildChildState({ name: 'Elsa' });
    const leo = buildChildState({ name: 'Leo' });
    const post = buildMustReadPost({
      id: 40,
      title: 'Utflykt till skogen',
      excerpt: 'Läs om packning och tider.',
      url: '/nyhet/utflykt',
      children: [elsa, leo],
    });
    const done = new Set<number>();
    const sent = serve([listItem(post)], (childIds = []) => {
      childIds.forEach((id) => done.add(id));
      const children = [elsa, leo].map((child) => ({
        ...child,
        acknowledged: done.has(child.id),
        acknowledgedByMe: done.has(child.id),
      }));
      return {
        acknowledged: children.every((child) => child.acknowledged),
        overdue: false,
        acknowledgedAt: null,
        children,
      };
    });
    renderAt(<MustReadNotices />);

    const section = await screen.findByRole('region', { name: 'Att läsa och bekräfta' });
    const notice = within(section).getByRole('article', { name: 'Utflykt till skogen' });
    expect(within(notice).getByRole('link', { name: 'Utflykt till skogen' })).toHaveAttribute(
      'href',
      '/nyhet/utflykt',
    );
    expect(notice).toHaveTextContent('Läs om packning och tider.');
    expect(notice).toHaveTextContent('Gäller Elsa och Leo');
    expect(within(notice).getByText(/^Bekräfta senast fredag 4 december/)).toHaveTextContent(
      /kl\. 12\.00$/,
    );
    expect(within(notice).queryByText('Sista dag har passerat')).toBeNull();
    // Each button says which notice it confirms.
    expect(
      within(notice).getByRole('button', { name: 'Jag har läst (för alla barn)' }),
    ).toHaveAccessibleDescription('Utflykt till skogen');

    await user.click(within(notice).getByRole('button', { name: 'Jag har läst (för Elsa)' }));
    const status = await within(section).findByText(
      'Tack! Du har bekräftat ”Utflykt till skogen” för Elsa.',
    );
    expect(sent).toEqual([
      { url: '/api/core/v1/post/40/acknowledge', body: { childIds: [elsa.id] } },
    ]);
    // Leo is left: one button for him, no "alla barn" for one child.
    expect(within(notice).queryByRole('button', { name: /för Elsa/ })).toBeNull();
    expect(within(notice).queryByRole('button', { name: /alla barn/ })).toBeNull();
    expect(status.closest('[role="status"]')).not.toBeNull();

    await user.click(within(notice).getByRole('button', { name: 'Jag har läst (för Leo)' }));
    await waitFor(() =>
      expect(within(section).queryByRole('article', { name: 'Utflykt till skogen' })).toBeNull(),
    );
    const thanks = within(section).getByText(
      'Tack! Du har bekräftat ”Utflykt till skogen” för Leo.',
    );
    await waitFor(() => expect(thanks.closest('[tabindex="-1"]')).toHaveFocus());
  });

  it('confirms for all of a guardian’s children at once', async () => {
    const user = userEvent.setup();
    const elsa = buildChildState({ name: 'Elsa' });
    const leo = buildChildState({ name: 'Leo' });
    const post = buildMustReadPost({ id: 41, title: 'Föräldramöte', children: [elsa, leo] });
    const sent = serve([listItem(post)], () => ({
      acknowledged: true,
      overdue: false,
      acknowledgedAt: null,
      children: [elsa, leo].map((child) => ({
        ...child,
        acknowledged: true,
        acknowledgedByMe: true,
      })),
    }));
    renderAt(<MustReadNotices />);
    await user.click(await screen.findByRole('button', { name: 'Jag har läst (för alla barn)' }));
    expect(
      await screen.findByText('Tack! Du har bekräftat ”Föräldramöte” för Elsa och Leo.'),
    ).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({ childIds: [elsa.id, leo.id] });
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('marks an overdue notice and has one button for a reader reached themselves', async () => {
    const user = userEvent.setup();
    const post = buildMustReadPost({
      id: 42,
      title: 'Ny rutin vid brandlarm',
      acknowledgeBy: '2026-03-01T11:00:00.000Z',
      myAcknowledgement: { acknowledged: false, overdue: true, acknowledgedAt: null, children: [] },
    });
    const sent = serve([listItem(post)], () => ({
      acknowledged: true,
      overdue: false,
      acknowledgedAt: '2026-03-03T08:00:00.000Z',
      children: [],
    }));
    renderAt(<MustReadNotices />);
    const notice = await screen.findByRole('article', { name: 'Ny rutin vid brandlarm' });
    expect(within(notice).getByText('Sista dag har passerat')).toBeInTheDocument();
    expect(within(notice).queryByText(/Gäller/)).toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'Jag har läst' }));
    expect(
      await screen.findByText('Tack! Du har bekräftat att du har läst ”Ny rutin vid brandlarm”.'),
    ).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({});
  });

  it('gives a translated notice its language and direction, and says a machine translated it', async () => {
    const post = buildMustReadPost({
      id: 43,
      title: 'إجراء جديد عند إنذار الحريق',
      excerpt: 'اقرأ وأكد.',
      language: 'ar',
      dir: 'rtl',
      machineTranslated: true,
    });
    serve([listItem(post)], () => post.myAcknowledgement!);
    renderAt(<MustReadNotices />);
    const notice = await screen.findByRole('article', { name: 'إجراء جديد عند إنذار الحريق' });
    const title = within(notice).getByRole('heading', { level: 3 });
    expect(title).toHaveAttribute('lang', 'ar');
    expect(title).toHaveAttribute('dir', 'rtl');
    expect(within(notice).getByText('اقرأ وأكد.')).toHaveAttribute('lang', 'ar');
    expect(within(notice).getByText('Maskinöversatt')).toBeVisible();
  });

  it('shows nothing at all when nothing is left to confirm', async () => {
    let asked = 0;
    mockFetch((url) => {
      if (url !== '/api/core/v1/GetPosts') return undefined;
      asked += 1;
      return json([], { headers: { 'x-pagination-total': '0' } });
    });
    const { container } = renderAt(<MustReadNotices />);
    await waitFor(() => expect(asked).toBe(1));
    expect(container).toBeEmptyDOMElement();
  });
});
