import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  allowedEmbedUrl,
  format,
  layout,
  videoFrameSandbox,
  type BlockOf,
} from '@skolportalen/shared';
import { postScreenTexts } from '@skolportalen/shared/texts/content';
import { useVideoConfig } from '../api/video-config';

/**
 * A video frame 490 px high (spec §9), with a title for screen readers. Only
 * a player of an allowed service is framed (issue 20 F7), in a sandbox that
 * lets the player run but not navigate the portal's page.
 */
export function VideoBlock({ block }: { block: BlockOf<'video'> }) {
  const config = useVideoConfig();
  if (!config.data || block.props.videoSrc.trim() === '') return null;
  const src = allowedEmbedUrl(block.props.videoSrc, config.data.embedOrigins);
  if (!src) {
    return (
      <Typography sx={{ my: 2 }} color="text.secondary">
        {postScreenTexts.blocks.videoNotAllowed}
      </Typography>
    );
  }
  return (
    <Box sx={{ my: 2 }}>
      <iframe
        src={src}
        title={format(postScreenTexts.blocks.videoTitle, {
          host: new URL(src).hostname.replace(/^www\./, ''),
        })}
        height={layout.videoFrameHeight}
        loading="lazy"
        sandbox={videoFrameSandbox}
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ width: '100%', height: layout.videoFrameHeight, border: 0, display: 'block' }}
      />
    </Box>
  );
}
