import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { format, limits, sv } from '@skolportalen/shared';

/** Spec §5 image guidance, shown where files are chosen. */
export function ImageGuidance({ id }: { id: string }) {
  const values = {
    size: limits.fileMaxMegabytes,
    minWidth: limits.imageMinWidth,
    minHeight: limits.imageMinHeight,
    maxWidth: limits.imageMaxWidth,
    maxHeight: limits.imageMaxHeight,
  };
  return (
    <Box id={id} sx={{ display: 'flex', gap: 1, color: 'text.secondary' }}>
      <InfoOutlined fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
      <div>
        <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
          {sv.media.guidanceTitle}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
          {sv.media.guidance.map((line) => (
            <li key={line}>{format(line, values)}</li>
          ))}
        </Box>
      </div>
    </Box>
  );
}
