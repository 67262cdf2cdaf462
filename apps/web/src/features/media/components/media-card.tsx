import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { format, formatFileSize, sv, type MediaResponse } from '@skolportalen/shared';
import { MediaImage } from './media-image';

const m = sv.media;

interface MediaCardProps {
  media: MediaResponse;
  categoryName: string | undefined;
  mode: 'manage' | 'pick';
  /** The item chosen now (pick mode). */
  selected?: boolean;
  onEdit: (media: MediaResponse) => void;
  onDelete: (media: MediaResponse) => void;
  onPick?: (media: MediaResponse) => void;
}

function usageText(count: number) {
  if (count === 0) return m.unused;
  return count === 1 ? m.usedInOne : format(m.usedIn, { n: count });
}

/** One library item: thumbnail, title, facts, and what the user may do with it. */
export function MediaCard({
  media,
  categoryName,
  mode,
  selected = false,
  onEdit,
  onDelete,
  onPick,
}: MediaCardProps) {
  const details = [
    format(m.details, { type: m.fileTypes[media.fileType], size: formatFileSize(media.size) }),
    media.width && media.height
      ? format(m.dimensions, { width: media.width, height: media.height })
      : null,
  ].filter(Boolean);

  return (
    <Card
      component="li"
      aria-current={selected ? 'true' : undefined}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        listStyle: 'none',
        ...(selected ? { outline: 3, outlineColor: 'primary.main', outlineOffset: -3 } : {}),
      }}
    >
      <Box
        sx={{
          aspectRatio: '16 / 10',
          bgcolor: 'grey.100',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {media.renditions ? (
          <MediaImage
            media={media}
            size="thumb"
            style={{ maxHeight: '100%', width: 'auto', objectFit: 'contain' }}
          />
        ) : (
          <Box sx={{ textAlign: 'center', color: 'text.secondary' }}>
            <PictureAsPdfOutlined sx={{ fontSize: 48 }} aria-hidden />
            <Typography variant="body2">{m.pdfDocument}</Typography>
          </Box>
        )}
      </Box>
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        {selected ? (
          <Chip label={m.currentChoice} color="primary" size="small" sx={{ mb: 0.5 }} />
        ) : null}
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{media.title}</Typography>
        {categoryName ? (
          <Typography variant="body2" color="text.secondary">
            {categoryName}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {details.join(' · ')}
        </Typography>
        {media.fileType !== 'pdf' ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {format(m.altShown, { alt: media.alt })}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {usageText(media.usageCount)}
        </Typography>
        {media.fileType === 'pdf' ? (
          <Link component="a" href={media.url} variant="body2">
            {format(m.openPdf, { title: media.title })}
          </Link>
        ) : null}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', pt: 0 }}>
        {mode === 'pick' && onPick ? (
          <Button
            variant="contained"
            size="small"
            onClick={() => onPick(media)}
            aria-label={format(m.pickNamed, { title: media.title })}
          >
            {m.pick}
          </Button>
        ) : null}
        {mode === 'manage' && media.can.edit ? (
          <Button
            size="small"
            onClick={() => onEdit(media)}
            aria-label={format(m.editNamed, { title: media.title })}
          >
            {m.edit}
          </Button>
        ) : null}
        {mode === 'manage' && media.can.delete ? (
          <Button
            size="small"
            color="error"
            onClick={() => onDelete(media)}
            aria-label={format(m.deleteNamed, { title: media.title })}
          >
            {m.delete}
          </Button>
        ) : null}
      </CardActions>
    </Card>
  );
}
