import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { postReaderTexts } from '@skolportalen/shared/texts/start-page';
import { useLocation } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { usePosts } from '../api/get-posts';
import { NewsFeed } from '../components/news-feed';
import { ArticleSkeleton } from '../components/article-skeleton';

/** /sida: the pages the reader may open, by title. */
function PageIndex() {
  const pages = usePosts({ type: ['page'], sort: 'title ASC', perPage: 200 });
  return (
    <Stack spacing={2}>
      <PageHeading>{postReaderTexts.pageList}</PageHeading>
      {pages.isPending ? <ArticleSkeleton /> : null}
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {(pages.data?.items ?? []).map((page) => (
          <li key={page.id}>
            <Link href={page.url ?? undefined}>{page.title}</Link>
            {page.excerpt ? (
              <Typography variant="body2" color="text.secondary">
                {page.excerpt}
              </Typography>
            ) : null}
          </li>
        ))}
      </Box>
    </Stack>
  );
}

/** /nyhet and /sida without an address: all news, or the list of pages. */
export function PostIndexRoute() {
  const { pathname } = useLocation();
  return pathname.startsWith(paths.page.href()) ? <PageIndex /> : <NewsFeed asPage />;
}
