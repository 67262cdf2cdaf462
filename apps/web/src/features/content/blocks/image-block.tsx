import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { BlockOf } from '@skolportalen/shared';
import { safeUrl } from './sanitize';

/** An image with its alternative text and, when written, a caption. */
export function ImageBlock({ block }: { block: BlockOf<'image'> }) {
  const { imgSrc, caption, alt } = block.props;
  const src = safeUrl(imgSrc);
  if (!src) return null;
  return (
    <Box component="figure" sx={{ m: 0, my: 2 }}>
      <Box
        component="img"
        src={src}
        alt={alt}
        loading="lazy"
        sx={{ display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 1 }}
      />
      {caption ? (
        <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {caption}
        </Typography>
      ) : null}
    </Box>
  );
}
