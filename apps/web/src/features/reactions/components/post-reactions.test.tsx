import type { CommentResponse, LikeResponse } from '@skolportalen/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPost, buildUser } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { PostReactions } from './post-reactions';

afterEach(() => vi.unstubAllGlobals());

const everyRight = {
  create_comment: true,
  delete_comment: true,
  create_like: true,
  delete_like: true,
};

function buildComment(overrides: Partial<CommentResponse> = {}): CommentResponse {
  return {
    id: 1,
    postId: 5,
    text: 'Kul!',
    created: '2026-03-02T08:00:00.000Z',
    author: { id: 7, name: 'Anna Larsson' },
    likes: { count: 0, liked: false, likeId: null },
    can: { delete: false },
    ...overrides,
  };
}

/** A small stand-in for the server: comments and likes of post 5, as user 7 sees them. */
function fakeServer(
  options: { comments?: CommentResponse[]; capabilities?: Record<string, boolean> } = {},
) {
  const comments = [...(options.comments ?? [])];
  const postLike: LikeResponse = {
    postId: 5,
    commentId: null,
    count: 2,
    liked: false,
    likeId: null,
  };
  const requests: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, url, body });
    if (url === '/api/core/v1/user')
      return json(buildUser({ capabilities: options.capabilities ?? everyRight }));
    if (url.startsWith('/api/core/v1/comment?postId=5')) {
      return json(comments, { headers: { 'x-pagination-total': String(comments.length) } });
    }
    if (url === '/api/core/v1/comment' && method === 'POST') {
      if (body.text === 'för mycket') {
        return json(
          {
            code: 'RATE_LIMITED',
            message:
              'Du har skrivit många kommentarer på kort tid. Vänta en minut och försök sedan igen.',
          },
          { status: 429 },
        );
      }
      const created = buildComment({
        id: 100 + comments.length,
        text: body.text,
        can: { delete: true },
      });
      comments.push(created);
      return json(created, { status: 201 });
    }
    const deleted = /^\/api\/core\/v1\/comment\/(\d+)$/.exec(url);
    if (deleted && method === 'DELETE') {
      const index = comments.findIndex((item) => item.id === Number(deleted[1]));
      comments.splice(index, 1);
      return json({ id: Number(deleted[1]), postId: 5, commentCount: comments.length });
    }
    if (url === '/api/core/v1/like' && method === 'POST') {
      if (body.postId) {
        Object.assign(postLike, { count: postLike.count + 1, liked: true, likeId: 77 });
        return json(postLike);
      }
      const comment = comments.find((item) => item.id === body.commentId)!;
      comment.likes = { count: comment.likes.count + 1, liked: true, likeId: 88 };
      return json({ postId: null, commentId: comment.id, ...comment.likes });
    }
    if (url === '/api/core/v1/like/77' && method === 'DELETE') {
      Object.assign(postLike, { count: postLike.count - 1, liked: false, likeId: null });
      return json(postLike);
    }
    return undefined;
  });
  return { comments, requests, fetchMock };
}

const post = (overrides = {}) =>
  buildPost({ id: 5, likes: { count: 2, liked: false, likeId: null }, ...overrides });

const liveRegion = () => screen.getAllByRole('status').at(-1)!;

describe('PostReactions', () => {
  it('lists the comments oldest first as plain text, with who and when', async () => {
    fakeServer({
      comments: [
        buildComment({ id: 1, text: 'Första\nandra raden' }),
        buildComment({
          id: 2,
          text: '<b>inte fet</b>',
          author: { id: 8, name: 'Elsa Nilsson' },
          created: '2026-03-03T09:30:00.000Z',
        }),
      ],
    });
    renderWithProviders(<PostReactions post={post()} />);
    const section = await screen.findByRole('region', { name: 'Kommentarer (2)' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Anna Larsson');
    expect(items[0]).toHaveTextContent('2 mars 2026 kl. 09:00');
    expect(items[1]).toHaveTextContent('<b>inte fet</b>');
    expect(section.querySelector('b')).toBeNull();
    expect(within(items[0]!).getByText(/Första/).textContent).toBe('Första\nandra raden');
  });

  it('posts a comment, announces it and shows it in the list', async () => {
    const user = userEvent.setup();
    const { requests } = fakeServer();
    renderWithProviders(<PostReactions post={post()} />);
    expect(await screen.findByText('Inga kommentarer än.')).toBeInTheDocument();

    const field = screen.getByRole('textbox', { name: 'Skriv en kommentar' });
    expect(field).toHaveAccessibleDescription(
      '2000 tecken kvar av 2000. Kommentaren visas som vanlig text för alla som kan läsa inlägget.',
    );
    await user.type(field, '  Vilken fin utflykt!  ');
    await user.click(screen.getByRole('button', { name: 'Skicka kommentar' }));

    await waitFor(() => expect(liveRegion()).toHaveTextContent('Din kommentar är publicerad.'));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      postId: 5,
      text: 'Vilken fin utflykt!',
    });
    expect(await screen.findByRole('region', { name: 'Kommentarer (1)' })).toHaveTextContent(
      'Vilken fin utflykt!',
    );
    expect(field).toHaveValue('');
  });

  it('refuses empty and over-long text before sending, in Swedish', async () => {
    const user = userEvent.setup();
    const { requests } = fakeServer();
    renderWithProviders(<PostReactions post={post()} />);
    const field = await screen.findByRole('textbox', { name: 'Skriv en kommentar' });

    await user.click(screen.getByRole('button', { name: 'Skicka kommentar' }));
    expect(field).toHaveAccessibleDescription(/^Fältet måste vara ifyllt/);
    expect(field).toHaveFocus();

    await user.click(field);
    await user.paste('x'.repeat(2001));
    expect(field).toHaveAccessibleDescription(/^Fältet får innehålla max 2000 tecken/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Skicka kommentar' }));
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows what the server refused (too many comments) beside the form', async () => {
    const user = userEvent.setup();
    fakeServer();
    renderWithProviders(<PostReactions post={post()} />);
    await user.type(
      await screen.findByRole('textbox', { name: 'Skriv en kommentar' }),
      'för mycket',
    );
    await user.click(screen.getByRole('button', { name: 'Skicka kommentar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har skrivit många kommentarer på kort tid. Vänta en minut och försök sedan igen.',
    );
  });

  it('deletes one’s own comment after asking, then puts the focus on the heading', async () => {
    const user = userEvent.setup();
    const { comments } = fakeServer({
      comments: [
        buildComment({ id: 1, text: 'Min kommentar', can: { delete: true } }),
        buildComment({ id: 2, text: 'Elsas', author: { id: 8, name: 'Elsa Nilsson' } }),
      ],
    });
    renderWithProviders(<PostReactions post={post()} />);
    await screen.findByRole('region', { name: 'Kommentarer (2)' });
    // Only the comment the server says may be deleted has the button.
    const remove = screen.getAllByRole('button', { name: /^Ta bort kommentaren av/ });
    expect(remove).toHaveLength(1);
    expect(remove[0]).toHaveAccessibleName(
      'Ta bort kommentaren av Anna Larsson, 2 mars 2026 kl. 09:00',
    );

    await user.click(remove[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort kommentaren?' });
    expect(dialog).toHaveTextContent('Din kommentar tas bort och går inte att få tillbaka.');
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(comments).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: /^Ta bort kommentaren av Anna/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ta bort' }),
    );
    const heading = await screen.findByRole('heading', { name: 'Kommentarer (1)' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(liveRegion()).toHaveTextContent('Kommentaren är borttagen.');
    expect(screen.queryByText('Min kommentar')).not.toBeInTheDocument();
  });

  it('names the writer when a moderator deletes someone else’s comment', async () => {
    const user = userEvent.setup();
    fakeServer({
      comments: [
        buildComment({
          id: 2,
          text: 'Elsas',
          author: { id: 8, name: 'Elsa Nilsson' },
          can: { delete: true },
        }),
      ],
    });
    renderWithProviders(<PostReactions post={post()} />);
    await user.click(await screen.findByRole('button', { name: /^Ta bort kommentaren av Elsa/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Kommentaren av Elsa Nilsson tas bort och går inte att få tillbaka.',
    );
  });

  it('likes the post and a comment, and announces the new counts', async () => {
    const user = userEvent.setup();
    fakeServer({ comments: [buildComment({ id: 1, author: { id: 8, name: 'Elsa Nilsson' } })] });
    renderWithProviders(<PostReactions post={post()} />);

    const likePost = await screen.findByRole('button', { name: 'Gilla inlägget' });
    expect(likePost).toHaveAccessibleDescription('2 gillar');
    await user.click(likePost);
    await waitFor(() => expect(likePost).toHaveAttribute('aria-pressed', 'true'));
    expect(likePost).toHaveAccessibleDescription('3 gillar · Du gillar detta');
    expect(liveRegion()).toHaveTextContent('Du gillar detta. 3 gillar.');

    await user.click(likePost);
    await waitFor(() => expect(likePost).toHaveAttribute('aria-pressed', 'false'));
    expect(liveRegion()).toHaveTextContent('Du gillar inte längre detta. 2 gillar.');

    const likeComment = await screen.findByRole('button', {
      name: 'Gilla kommentaren av Elsa Nilsson',
    });
    await user.click(likeComment);
    await waitFor(() => expect(likeComment).toHaveAttribute('aria-pressed', 'true'));
    expect(likeComment).toHaveAccessibleDescription('1 gillar · Du gillar detta');
  });

  it('leaves out the comments where they are off, and everything on an unpublished post', async () => {
    fakeServer();
    const { unmount } = renderWithProviders(
      <PostReactions post={post({ allowComments: false })} />,
    );
    expect(await screen.findByRole('button', { name: 'Gilla inlägget' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Kommentarer/ })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<PostReactions post={post({ status: 'draft' })} />);
    expect(screen.queryByRole('button', { name: 'Gilla inlägget' })).not.toBeInTheDocument();
  });

  it('lets a reader without the right read the comments but not write', async () => {
    fakeServer({
      comments: [buildComment()],
      capabilities: { create_comment: false, create_like: false },
    });
    renderWithProviders(<PostReactions post={post()} />);
    expect(
      await screen.findByText('Du kan läsa kommentarerna men inte skriva några.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Gilla/ })).not.toBeInTheDocument();
  });
});
