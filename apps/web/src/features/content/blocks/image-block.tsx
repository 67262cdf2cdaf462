import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { BlockOf } from '@skolportalen/shared';
import { useBlockImage } from './block-images';
import { safeUrl } from './sanitize';

/** An image with its alternative text and, when written, a caption. */
export function ImageBlock({ block }: { block: BlockOf<'image'> }) {
  const { imgSrc, caption, alt } = block.props;
  const src = safeUrl(imgSrc);
  if (!src) return null;
  return (
    <Box component="figure" sx={{ m: 0, my: 2 }}>
      <BlockImage blockId={block.id} src={src} alt={alt} />
      {caption ? (
        <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {caption}
        </Typography>
      ) : null}
    </Box>
  );
}

// A plain img: Box would take `width` and `height` as style, and the browser needs them as attributes.
const Picture = styled('img')(({ theme }) => ({
  display: 'block',
  maxWidth: '100%',
  height: 'auto',
  borderRadius: theme.shape.borderRadius,
}));

function BlockImage({ blockId, src, alt }: { blockId: string; src: string; alt: string }) {
  return <Picture {...useBlockImage(blockId, src)} alt={alt} decoding="async" />;
}
