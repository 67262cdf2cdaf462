import { createBlock, type Block, type PostMedia } from '@skolportalen/shared';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildPost } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { PostArticle } from '../components/post-article';
import { ContentBlocks } from './content-blocks';

function picture(id: number, name: string, width = 1200, height = 630): PostMedia {
  const scaled = (box: number) => Math.min(box, width);
  return {
    id,
    filename: `${name}.jpg`,
    title: name,
    alt: `Bild av ${name}`,
    width,
    height,
    renditions: {
      thumb: {
        url: `/media/${name}-thumb.webp`,
        width: scaled(320),
        height: Math.round((height * scaled(320)) / width),
      },
      card: {
        url: `/media/${name}-card.webp`,
        width: scaled(960),
        height: Math.round((height * scaled(960)) / width),
      },
    },
  };
}

const museum = picture(1, 'museum');
const skeleton = picture(2, 'skelett');
const waving: PostMedia = { ...picture(3, 'vinkar', 400, 300), filename: 'vinkar.gif' };

const image = (src: string, alt: string) => createBlock('image', { imgSrc: src, alt, caption: '' });
const column = (cols: 6 | 12, children: Block[]) => ({
  ...createBlock('col', { cols }),
  children,
});
const row = (children: Block[]) => ({ ...createBlock('row', {}), children });

const show = (blocks: Block[], media: PostMedia[] | undefined) =>
  renderWithProviders(<ContentBlocks blocks={blocks} media={media} />);

describe('images in blocks (issue 32)', () => {
  it('keep their space, offer their copies for the column, and load the first at once', () => {
    show(
      [
        image('/media/museum-card.webp', 'Museets entré'),
        row([
          column(6, [image('/media/skelett.jpg', 'Ett dinosaurieskelett')]),
          column(6, [
            createBlock('card', {
              title: 'Biljetter',
              text: '',
              imgSrc: '/media/museum-thumb.webp',
            }),
          ]),
        ]),
      ],
      [museum, skeleton],
    );

    const first = screen.getByRole('img', { name: 'Museets entré' });
    expect(first).toHaveAttribute('src', '/media/museum-card.webp');
    expect(first).toHaveAttribute('width', '1200');
    expect(first).toHaveAttribute('height', '630');
    expect(first).toHaveAttribute(
      'srcset',
      '/media/museum-thumb.webp 320w, /media/museum-card.webp 960w, /media/museum.jpg 1200w',
    );
    expect(first).toHaveAttribute(
      'sizes',
      '(min-width: 1008px) 960px, (min-width: 600px) calc(100vw - 48px), calc(100vw - 32px)',
    );
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).not.toHaveAttribute('loading');

    // In half a row from 900 px up: the sizes say so, and it waits until it is near.
    const inColumn = screen.getByRole('img', { name: 'Ett dinosaurieskelett' });
    expect(inColumn).toHaveAttribute('width', '1200');
    expect(inColumn.getAttribute('sizes')).toMatch(
      /^\(min-width: 1008px\) 468px, \(min-width: 900px\) calc\(50vw - 36px\), /,
    );
    expect(inColumn).toHaveAttribute('loading', 'lazy');
    expect(inColumn).not.toHaveAttribute('fetchpriority');

    // The card's picture is decoration, sized as well.
    const card = document.querySelector('img[alt=""]')!;
    expect(card).toHaveAttribute('src', '/media/museum-thumb.webp');
    expect(card).toHaveAttribute('width', '1200');
    expect(card).toHaveAttribute('height', '630');
    expect(card.getAttribute('srcset')).toContain('/media/museum-card.webp 960w');
    expect(card).toHaveAttribute('loading', 'lazy');
  });

  it('show a GIF as its own file, so it moves, and an unknown image as before', () => {
    show(
      [
        image('https://bilder.exempelby.se/karta.png', 'Karta över skolan'),
        image('/media/vinkar-card.webp', 'Elever som vinkar'),
      ],
      [waving],
    );
    const unknown = screen.getByRole('img', { name: 'Karta över skolan' });
    expect(unknown).toHaveAttribute('src', 'https://bilder.exempelby.se/karta.png');
    expect(unknown).not.toHaveAttribute('width');
    expect(unknown).not.toHaveAttribute('srcset');
    // Still the first image of the blocks.
    expect(unknown).toHaveAttribute('fetchpriority', 'high');

    const gif = screen.getByRole('img', { name: 'Elever som vinkar' });
    expect(gif).toHaveAttribute('src', '/media/vinkar.gif');
    expect(gif).toHaveAttribute('width', '400');
    expect(gif).toHaveAttribute('height', '300');
    expect(gif).not.toHaveAttribute('srcset');
    expect(gif).toHaveAttribute('loading', 'lazy');
  });

  it('load lazily, unsized, where the page gives no media (the editor, older answers)', () => {
    show([image('/media/museum.jpg', 'Museets entré')], undefined);
    const shown = screen.getByRole('img', { name: 'Museets entré' });
    expect(shown).toHaveAttribute('src', '/media/museum.jpg');
    expect(shown).not.toHaveAttribute('width');
    expect(shown).not.toHaveAttribute('srcset');
    // The first image all the same: nothing above it in the blocks.
    expect(shown).toHaveAttribute('fetchpriority', 'high');
  });

  it('give the post’s own picture the first place: it loads at once, the blocks’ wait', () => {
    const post = buildPost({
      title: 'Utflykt till museet',
      media: museum,
      usedMedia: [museum, skeleton],
      content: [image('/media/skelett-card.webp', 'Ett dinosaurieskelett')],
    });
    renderWithProviders(
      <MemoryRouter>
        <PostArticle post={post} />
      </MemoryRouter>,
    );
    const own = screen.getByRole('img', { name: 'Bild av museum' });
    expect(own).toHaveAttribute('src', '/media/museum.jpg');
    expect(own).toHaveAttribute('width', '1200');
    expect(own).toHaveAttribute('height', '630');
    expect(own.getAttribute('srcset')).toContain('/media/museum-thumb.webp 320w');
    expect(own).toHaveAttribute('fetchpriority', 'high');
    expect(own).not.toHaveAttribute('loading');

    const inBlocks = screen.getByRole('img', { name: 'Ett dinosaurieskelett' });
    expect(inBlocks).toHaveAttribute('width', '1200');
    expect(inBlocks).toHaveAttribute('loading', 'lazy');
    expect(inBlocks).not.toHaveAttribute('fetchpriority');
  });
});
