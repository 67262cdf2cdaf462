import type { MediaResponse } from '@skolportalen/shared';
import type { CSSProperties } from 'react';

export type MediaImageSize = 'thumb' | 'card' | 'original';

interface MediaImageProps {
  media: Pick<MediaResponse, 'url' | 'alt' | 'width' | 'height' | 'renditions'>;
  /** Which copy to load: lists and cards never need the original. */
  size?: MediaImageSize;
  /** Replaces the stored alt text, e.g. with "" when a caption next to it says the same. */
  alt?: string;
  style?: CSSProperties;
  className?: string;
}

/**
 * An image from the library: always with alt text, its real width and height
 * (the browser reserves the space, so nothing jumps) and loaded lazily.
 */
export function MediaImage({ media, size = 'card', alt, style, className }: MediaImageProps) {
  const rendition = size === 'original' ? null : media.renditions?.[size];
  const source = rendition ?? { url: media.url, width: media.width, height: media.height };
  return (
    <img
      src={source.url}
      alt={alt ?? media.alt}
      width={source.width ?? undefined}
      height={source.height ?? undefined}
      loading="lazy"
      decoding="async"
      className={className}
      style={{ maxWidth: '100%', height: 'auto', ...style }}
    />
  );
}
