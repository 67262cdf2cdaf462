import type { PostListItem } from '@skolportalen/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPost } from '@/test/factories';
import { renderAt } from '@/test/render';
import { NewsItem } from './news-feed';

const listItem = (overrides: Parameters<typeof buildPost>[0]): PostListItem => {
  const { content: _content, ...item } = buildPost(overrides);
  return item;
};

describe('a news item in the feed', () => {
  it('is given in the reader’s language, marked as a machine translation', () => {
    renderAt(
      <NewsItem
        post={listItem({
          title: 'Socodka kaynta',
          excerpt: 'Fasalku wuxuu aadayaa kaynta.',
          language: 'so',
          dir: 'ltr',
          machineTranslated: true,
        })}
      />,
    );
    const item = screen.getByRole('article');
    expect(within(item).getByRole('heading', { level: 3 })).toHaveAttribute('lang', 'so');
    expect(within(item).getByText('Fasalku wuxuu aadayaa kaynta.')).toHaveAttribute('lang', 'so');
    expect(within(item).getByText('Maskinöversatt')).toBeVisible();
  });

  it('carries no mark for a person’s translation or the Swedish original', () => {
    renderAt(
      <>
        <NewsItem post={listItem({ title: 'Utflykt till skogen' })} />
        <NewsItem
          post={listItem({
            title: 'رحلة إلى الغابة',
            language: 'ar',
            dir: 'rtl',
            machineTranslated: false,
          })}
        />
      </>,
    );
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText('Maskinöversatt')).toBeNull();
    expect(screen.getByRole('heading', { name: 'رحلة إلى الغابة' })).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { name: 'Utflykt till skogen' })).not.toHaveAttribute(
      'lang',
    );
  });

  it('shows its picture from the small copy, or the file itself when there is none', () => {
    const picture = { id: 3, filename: 'museum.jpg', title: 'Museet', alt: 'Museet' };
    const { container } = renderAt(
      <>
        <NewsItem
          post={listItem({
            title: 'Med kopior',
            media: {
              ...picture,
              width: 1200,
              height: 800,
              renditions: {
                thumb: { url: '/media/museum-thumb.webp', width: 320, height: 213 },
                card: { url: '/media/museum-card.webp', width: 960, height: 640 },
              },
            },
          })}
        />
        <NewsItem post={listItem({ title: 'Utan kopior', media: picture })} />
      </>,
    );
    const [withCopies, without] = [...container.querySelectorAll('img')];
    expect(withCopies).toHaveAttribute('src', '/media/museum-thumb.webp');
    expect(without?.getAttribute('src')).toMatch(/museum\.jpg$/);
  });
});
