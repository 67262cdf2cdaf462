import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { useState } from 'react';
import { PageHeading } from '@/components/page-heading';
import { visuallyHidden } from '@/components/visually-hidden';
import { isApiError } from '@/lib/api-client';
import { useDeleteFavorite } from '../api/delete-favorite';
import { useFavorites } from '../api/favorites';
import { useMoveFavorite, useUpdateFavorite } from '../api/update-favorite';
import { FavoriteForm } from '../components/favorite-form';
import { FavoriteRow } from '../components/favorite-row';

const t = sv.toolsAndProfile.favorites;

/** `/profile/favorites`: add, rename, reorder and remove the header's favourites. */
export default function FavoritesRoute() {
  const favorites = useFavorites();
  const rename = useUpdateFavorite();
  const move = useMoveFavorite();
  const remove = useDeleteFavorite();
  const [status, setStatus] = useState('');
  const list = favorites.data ?? [];
  const busy = move.isPending || remove.isPending || rename.isPending;
  const failure = [rename.error, move.error, remove.error].find(Boolean);

  const onMove = (index: number, step: -1 | 1) => {
    const ordered = [...list];
    const [moved] = ordered.splice(index, 1);
    ordered.splice(index + step, 0, moved!);
    move.mutate({ ordered });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <div>
        <PageHeading>{sv.pageTitles.favorites}</PageHeading>
        <Typography>{t.intro}</Typography>
      </div>
      <Box role="status" sx={visuallyHidden}>
        {status}
      </Box>
      {failure ? (
        <Alert severity="error">{isApiError(failure) ? failure.message : sv.errors.network}</Alert>
      ) : null}
      <Card component="section" aria-labelledby="favorite-add-heading">
        <CardContent>
          <Typography id="favorite-add-heading" component="h2" variant="h6" gutterBottom>
            {t.addTitle}
          </Typography>
          <FavoriteForm onAdded={() => setStatus(t.added)} />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="favorite-list-heading">
        <CardContent>
          <Typography id="favorite-list-heading" component="h2" variant="h6">
            {t.listLabel}
          </Typography>
          {favorites.isPending ? (
            <CircularProgress aria-label={sv.app.loadingBar} />
          ) : list.length === 0 ? (
            <Typography sx={{ pt: 1 }}>{t.empty}</Typography>
          ) : (
            <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {list.map((favorite, index) => (
                <FavoriteRow
                  key={favorite.id}
                  favorite={favorite}
                  first={index === 0}
                  last={index === list.length - 1}
                  busy={busy}
                  onMove={(step) => onMove(index, step)}
                  onRename={(name) => rename.mutate({ id: favorite.id, values: { name } })}
                  onRemove={() =>
                    remove.mutate(favorite.id, { onSuccess: () => setStatus(t.removed) })
                  }
                />
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
