import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DocumentNode } from '@skolportalen/shared';
import { myDocumentsTexts } from '@skolportalen/shared/texts/start-page';
import { paths } from '@/lib/paths';
import { useDocumentFavorites } from '../api/list-favorites';
import { NodeLink } from './node-link';
import { needsRepositorySignIn, RepositorySignInHint } from './repository-sign-in-hint';

const t = myDocumentsTexts;

/** "Mina dokument": the person's starred folders and documents, for the start page. */
/** `linkToArea` off where the list already sits in the Dokument area. */
export function MyDocuments({ linkToArea = true }: { linkToArea?: boolean }) {
  const favorites = useDocumentFavorites();
  const nodes = (favorites.data ?? []).flatMap((favorite): DocumentNode[] =>
    'file' in favorite.target
      ? [favorite.target.file]
      : 'folder' in favorite.target
        ? [favorite.target.folder]
        : [],
  );
  return (
    <Card component="section" aria-labelledby="my-documents-title" sx={{ maxWidth: 720 }}>
      <CardContent>
        <Typography id="my-documents-title" component="h2" variant="h6" gutterBottom>
          {t.myDocuments}
        </Typography>
        {favorites.isSuccess && nodes.length === 0 ? (
          <Typography>{t.myDocumentsEmpty}</Typography>
        ) : null}
        {needsRepositorySignIn(favorites.error) ? <RepositorySignInHint /> : null}
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          {nodes.map((node) => (
            <li key={node.id}>
              <NodeLink node={node} />
            </li>
          ))}
        </Stack>
        {linkToArea && !favorites.isError ? (
          <Link href={paths.documents.href()}>{t.myDocumentsAll}</Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
