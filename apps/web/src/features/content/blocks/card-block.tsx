import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Typography from '@mui/material/Typography';
import type { BlockOf } from '@skolportalen/shared';
import { postReaderTexts } from '@skolportalen/shared/texts/start-page';
import { visuallyHidden } from '@/components/visually-hidden';
import { useBlockImage } from './block-images';
import { isExternalUrl, safeUrl } from './sanitize';

/** A card: image, title, text and a button link. The image is decoration beside the title. */
export function CardBlock({ block }: { block: BlockOf<'card'> }) {
  const { title, text, imgSrc, buttonLabel, buttonUrl } = block.props;
  const image = safeUrl(imgSrc);
  const link = safeUrl(buttonUrl);
  const external = link ? isExternalUrl(link) : false;
  return (
    <Card sx={{ my: 2, height: 'calc(100% - 32px)', display: 'flex', flexDirection: 'column' }}>
      {image ? <CardImage blockId={block.id} src={image} /> : null}
      <CardContent sx={{ flex: 1 }}>
        {title ? (
          <Typography component="h3" variant="h6" gutterBottom>
            {title}
          </Typography>
        ) : null}
        {text ? <Typography sx={{ whiteSpace: 'pre-line' }}>{text}</Typography> : null}
      </CardContent>
      {link && buttonLabel ? (
        <CardActions>
          <Button
            href={link}
            variant="contained"
            {...(external ? { target: '_blank', rel: 'noopener' } : {})}
          >
            {buttonLabel}
            {external ? <span style={visuallyHidden}> {postReaderTexts.opensInNewTab}</span> : null}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

/** Its size known, the picture keeps its place while it loads; high cards are cut to 240 px. */
function CardImage({ blockId, src }: { blockId: string; src: string }) {
  const { src: shown, ...image } = useBlockImage(blockId, src);
  return (
    <CardMedia
      component="img"
      image={shown}
      {...image}
      alt=""
      decoding="async"
      sx={{ height: 'auto', maxHeight: 240 }}
    />
  );
}
