import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import { format, sv } from '@skolportalen/shared';
import { useToggleDocumentFavorite } from '../api/toggle-favorite';

const t = sv.documents;

/** A star that adds the node to, or removes it from, Mina dokument. */
export function FavoriteButton({
  guid,
  name,
  favorite,
}: {
  guid: string;
  name: string;
  favorite: boolean;
}) {
  const toggle = useToggleDocumentFavorite();
  return (
    <IconButton
      aria-pressed={favorite}
      aria-label={format(favorite ? t.favoriteRemove : t.favoriteAdd, { name })}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ guid, favorite: !favorite })}
      sx={{ color: favorite ? 'warning.dark' : undefined }}
    >
      {favorite ? <Star /> : <StarBorder />}
    </IconButton>
  );
}
