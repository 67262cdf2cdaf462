import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { sv, type PostResponse } from '@skolportalen/shared';
import { PageHeading } from '@/components/page-heading';

const t = sv.posts.editor;

/**
 * What the editor shows someone the server does not let edit this post
 * (`can.edit` false): a plain notice instead of a form whose save would fail.
 */
export function ReadOnlyNotice({ post }: { post: PostResponse }) {
  return (
    <Stack spacing={2}>
      <PageHeading>{post.title}</PageHeading>
      <Alert severity="info">
        {t.readOnly}
        {post.status === 'publish' && post.url ? (
          <>
            {' '}
            <Link href={post.url} color="inherit">
              {t.view}
            </Link>
          </>
        ) : null}
      </Alert>
    </Stack>
  );
}
