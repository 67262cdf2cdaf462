import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPost } from '@/test/factories';
import { PostMeta } from './post-meta';

const updated = '2026-11-20T09:30:00.000Z';

describe('the line of who and when above a post', () => {
  it('gives a published post its publishing date and author', () => {
    render(
      <PostMeta
        post={buildPost({ status: 'publish', publishedDate: '2026-11-02T08:00:00.000Z', updated })}
      />,
    );
    expect(screen.getByText(/^Publicerad 2 november 2026/)).toBeInTheDocument();
  });

  it('says a waiting, draft, scheduled or trashed post is not out, instead of "Publicerad"', () => {
    const cases = [
      ['pending', /^Väntar på godkännande sedan 20 november 2026/],
      ['draft', /^Utkast, sparat 20 november 2026/],
      ['future', /^Publiceras 1 december 2026/],
      ['trash', /^I papperskorgen sedan 20 november 2026/],
    ] as const;
    for (const [status, text] of cases) {
      const { unmount } = render(
        <PostMeta
          post={buildPost({ status, publishedDate: '2026-12-01T07:00:00.000Z', updated })}
        />,
      );
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.queryByText(/Publicerad/)).toBeNull();
      unmount();
    }
  });
});
