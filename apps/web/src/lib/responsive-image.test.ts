import type { PostMedia } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import {
  articleFrame,
  columnFrame,
  mediaByFilename,
  mediaFilenameOf,
  responsiveImage,
  sizesOf,
} from './responsive-image';

const photo: PostMedia = {
  id: 7,
  filename: 'a1b2-skolgard.jpg',
  title: 'Skolgård',
  alt: 'Skolgård i höstsol',
  width: 1200,
  height: 630,
  renditions: {
    thumb: { url: '/media/a1b2-skolgard-thumb.webp', width: 320, height: 168 },
    card: { url: '/media/a1b2-skolgard-card.webp', width: 960, height: 504 },
  },
};

describe('sizes', () => {
  it('says how wide the article is: 960 px at most, inside the page padding', () => {
    expect(sizesOf(articleFrame)).toBe(
      '(min-width: 1008px) 960px, (min-width: 600px) calc(100vw - 48px), calc(100vw - 32px)',
    );
  });

  it('narrows to a half column from 900 px, less half a gap; full width below', () => {
    const half = columnFrame(articleFrame, { xs: 12, sm: 12, md: 6 });
    expect(sizesOf(half)).toBe(
      '(min-width: 1008px) 468px, (min-width: 900px) calc(50vw - 36px), (min-width: 600px) calc(100vw - 48px), calc(100vw - 32px)',
    );
  });

  it('narrows a narrow column on phones too, and a column within a column twice', () => {
    const sixth = columnFrame(articleFrame, { xs: 6, sm: 4, md: 2 });
    expect(sizesOf(sixth)).toMatch(/^\(min-width: 1008px\) 140px, /);
    expect(sizesOf(sixth)).toMatch(/, calc\(50vw - 28px\)$/);
    const inner = columnFrame(columnFrame(articleFrame, { xs: 12, sm: 12, md: 6 }), {
      xs: 12,
      sm: 12,
      md: 6,
    });
    expect(sizesOf(inner)).toMatch(/^\(min-width: 1008px\) 222px, /);
  });

  it('leaves a whole-row column as wide as its frame', () => {
    expect(columnFrame(articleFrame, { xs: 12, sm: 12, md: 12 })).toEqual(articleFrame);
  });
});

describe('responsive images', () => {
  it('offer the thumb, the card copy and the original by width, with the original size', () => {
    expect(responsiveImage('/media/a1b2-skolgard-card.webp', photo, articleFrame)).toEqual({
      src: '/media/a1b2-skolgard-card.webp',
      srcSet:
        '/media/a1b2-skolgard-thumb.webp 320w, /media/a1b2-skolgard-card.webp 960w, /media/a1b2-skolgard.jpg 1200w',
      sizes: sizesOf(articleFrame),
      width: 1200,
      height: 630,
    });
  });

  it('name each width once: a small original is offered by its webp copy', () => {
    const small: PostMedia = {
      ...photo,
      width: 800,
      height: 420,
      renditions: {
        thumb: { url: '/media/s-thumb.webp', width: 320, height: 168 },
        card: { url: '/media/s-card.webp', width: 800, height: 420 },
      },
    };
    expect(responsiveImage('/media/s.jpg', small, articleFrame).srcSet).toBe(
      '/media/s-thumb.webp 320w, /media/s-card.webp 800w',
    );
  });

  it('keep a GIF its own file, so it still moves, with its size', () => {
    const gif: PostMedia = { ...photo, filename: 'vinkar.gif', width: 400, height: 300 };
    expect(responsiveImage('/media/a1b2-skolgard-card.webp', gif, articleFrame)).toEqual({
      src: '/media/vinkar.gif',
      width: 400,
      height: 300,
    });
  });

  it('leave unknown media, and media without a size, as they are', () => {
    expect(responsiveImage('https://example.org/bild.png', undefined, articleFrame)).toEqual({
      src: 'https://example.org/bild.png',
    });
    expect(
      responsiveImage('/media/x.png', { ...photo, width: null, height: null }, articleFrame),
    ).toEqual({ src: '/media/x.png' });
    expect(responsiveImage('/media/x.png', { ...photo, renditions: null }, articleFrame)).toEqual({
      src: '/media/x.png',
      width: 1200,
      height: 630,
    });
  });
});

describe('finding a block image among the post’s media', () => {
  it('knows an image by its own file name and by each copy’s', () => {
    const byName = mediaByFilename([photo]);
    for (const address of [
      '/media/a1b2-skolgard.jpg',
      '/media/a1b2-skolgard-card.webp',
      '/media/a1b2-skolgard-thumb.webp',
    ]) {
      expect(byName.get(mediaFilenameOf(address)!)).toBe(photo);
    }
    expect(mediaFilenameOf('/media/a%20b.png?v=2')).toBe('a b.png');
    expect(mediaFilenameOf('https://example.org/media/x.png')).toBeNull();
    expect(mediaByFilename(undefined).size).toBe(0);
  });
});
