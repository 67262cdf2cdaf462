import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sv } from '@skolportalen/shared';
import { useParams } from 'react-router';
import { LoadingCard } from '@/components/loading-card';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { useDocumentNode } from '../api/get-node';
import { useDocumentSites } from '../api/list-sites';
import { FavoriteButton } from '../components/favorite-button';
import { FolderActions } from '../components/folder-actions';
import { MyDocuments } from '../components/my-documents';
import { NodeLink } from '../components/node-link';
import { NodeTable } from '../components/node-table';
import { RepositorySignIn } from '../components/repository-sign-in';
import { needsRepositorySignIn } from '../components/repository-sign-in-hint';

const t = sv.documents;

function SiteList() {
  const sites = useDocumentSites();
  if (sites.isPending) return <LoadingCard />;
  if (needsRepositorySignIn(sites.error)) {
    return (
      <Stack spacing={3}>
        <PageHeading>{t.title}</PageHeading>
        <RepositorySignIn reason={sites.error.message} />
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <PageHeading>{t.title}</PageHeading>
      <section aria-labelledby="document-sites">
        <Typography id="document-sites" component="h2" variant="h6" gutterBottom>
          {t.sitesHeading}
        </Typography>
        {sites.data?.length === 0 ? <Typography>{t.sitesEmpty}</Typography> : null}
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {(sites.data ?? []).map((site) => (
            <Card component="li" key={site.id} variant="outlined">
              <CardContent>
                <Stack
                  direction="row"
                  sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                >
                  <Typography component="h3" variant="subtitle1">
                    <Link href={paths.documents.href(site.guid)}>{site.title}</Link>
                  </Typography>
                  <FavoriteButton
                    guid={site.guid}
                    name={site.title}
                    favorite={site.isFavorite ?? false}
                  />
                </Stack>
                {site.description ? (
                  <Typography variant="body2">{site.description}</Typography>
                ) : null}
              </CardContent>
            </Card>
          ))}
        </Stack>
      </section>
      <MyDocuments linkToArea={false} />
    </Stack>
  );
}

function NodePage({ guid }: { guid: string }) {
  const node = useDocumentNode(guid);
  if (node.isPending) return <LoadingCard />;
  if (needsRepositorySignIn(node.error)) {
    return (
      <Stack spacing={3}>
        <PageHeading>{t.title}</PageHeading>
        <RepositorySignIn reason={node.error.message} />
      </Stack>
    );
  }
  if (!node.data) return null;
  const current = node.data.kind === 'folder' ? node.data.folder : node.data.document;
  const trail = current.path?.elements ?? [];
  return (
    <Stack spacing={3}>
      <Breadcrumbs aria-label={t.breadcrumbs}>
        <Link href={paths.documents.href()}>{t.title}</Link>
        {trail.slice(0, -1).map((element) => (
          <Link key={element.id} href={paths.documents.href(element.id)}>
            {element.name}
          </Link>
        ))}
        <Typography aria-current="page">{current.name}</Typography>
      </Breadcrumbs>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <PageHeading>{current.name}</PageHeading>
        <FavoriteButton guid={current.id} name={current.name} favorite={current.isFavorite} />
      </Stack>
      {node.data.kind === 'document' ? (
        <Typography>
          <NodeLink node={node.data.document} />
        </Typography>
      ) : (
        <>
          {current.allowableOperations.includes('create') ? (
            <FolderActions folderGuid={current.id} />
          ) : null}
          {node.data.children.length === 0 ? (
            <Alert severity="info">{t.folderEmpty}</Alert>
          ) : (
            <NodeTable nodes={node.data.children} />
          )}
        </>
      )}
    </Stack>
  );
}

/** Dokument: the sites, then folders with breadcrumbs (`/dokument/{guid}`). */
export default function DocumentsRoute() {
  const { guid } = useParams();
  return guid ? <NodePage key={guid} guid={guid} /> : <SiteList />;
}
