import Box from '@mui/material/Box';
import { format, layout, sv, type BlockOf } from '@skolportalen/shared';

/**
 * A page address of the big video services becomes their embed address, so
 * an editor may paste what the browser shows. Anything else is framed as is.
 */
export function embedUrl(src: string): string | null {
  const value = src.trim();
  if (!/^https:\/\/[^\s]+$/i.test(value)) return null;
  try {
    const url = new URL(value);
    const host = url.hostname.replace(/^www\./, '');
    if (host === 'youtube.com' && url.pathname === '/watch' && url.searchParams.get('v')) {
      return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(url.searchParams.get('v')!)}`;
    }
    if (host === 'youtu.be' && url.pathname.length > 1) {
      return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(url.pathname.slice(1))}`;
    }
    if (host === 'vimeo.com' && /^\/\d+$/.test(url.pathname)) {
      return `https://player.vimeo.com/video${url.pathname}`;
    }
    return url.href;
  } catch {
    return null;
  }
}

/** A video frame 490 px high (spec §9), with a title for screen readers. */
export function VideoBlock({ block }: { block: BlockOf<'video'> }) {
  const src = embedUrl(block.props.videoSrc);
  if (!src) return null;
  return (
    <Box sx={{ my: 2 }}>
      <iframe
        src={src}
        title={format(sv.posts.blocks.videoTitle, {
          host: new URL(src).hostname.replace(/^www\./, ''),
        })}
        height={layout.videoFrameHeight}
        loading="lazy"
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ width: '100%', height: layout.videoFrameHeight, border: 0, display: 'block' }}
      />
    </Box>
  );
}
