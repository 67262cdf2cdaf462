import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { format, sv, type VersionResponse } from '@skolportalen/shared';
import { versionHistoryTexts } from '@skolportalen/shared/texts/version-history';
import type { ReactNode } from 'react';
import { BlockList } from '../blocks/block-list';
import { longDateTime } from '../components/dates';

const t = versionHistoryTexts;
const a = t.asPublished;

const names = (list: readonly { name: string }[]) =>
  list.length > 0 ? list.map((item) => item.name).join(', ') : t.none;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

/**
 * A post exactly as readers were shown it at a moment (issue 28): its title,
 * excerpt and blocks with the portal's own renderers, then who it reached,
 * its dates and which version it was. Made to be printed.
 */
export function AsPublishedView({
  version,
  at,
  deleted,
}: {
  version: VersionResponse;
  /** The moment asked about (ISO). */
  at: string;
  /** The post is no longer in the portal: only its versions are kept. */
  deleted: boolean;
}) {
  const { post, audience } = version;
  return (
    <Box component="section" aria-labelledby="as-published-heading">
      <Typography id="as-published-heading" component="h2" variant="h5" sx={{ mb: 2 }}>
        {format(a.heading, { date: longDateTime(at) })}
      </Typography>
      {deleted ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          <strong>{a.deleted}.</strong> {sv.versions.deletedPost}
        </Alert>
      ) : null}
      <Box
        component="article"
        aria-labelledby="as-published-title"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 2, sm: 3 }, mb: 3 }}
      >
        <Typography variant="overline" color="text.secondary" component="p">
          {sv.content.types[post.type]}
        </Typography>
        <Typography id="as-published-title" component="h3" variant="h4" gutterBottom>
          {post.title}
        </Typography>
        {post.publishedDate ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {longDateTime(post.publishedDate)}
            {post.pseudoAuthor ? ` · ${post.pseudoAuthor}` : ''}
          </Typography>
        ) : null}
        {post.excerpt ? (
          <Typography sx={{ fontSize: '1.125rem', fontWeight: 500, mb: 2 }}>
            {post.excerpt}
          </Typography>
        ) : null}
        <BlockList blocks={post.content} />
      </Box>
      <Divider sx={{ mb: 2 }} />
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1 },
          m: 0,
          '& dd': { mb: { xs: 1, sm: 0 } },
        }}
      >
        <Fact label={a.address}>{post.url ?? post.slug}</Fact>
        <Fact label={a.type}>{sv.content.types[post.type]}</Fact>
        <Fact label={t.publishedDate}>{longDateTime(post.publishedDate) || t.empty}</Fact>
        <Fact label={t.unpublishedDate}>{longDateTime(post.unpublishedDate) || t.empty}</Fact>
        {post.requiresAcknowledgement ? (
          <Fact label={t.acknowledgeBy}>{longDateTime(post.acknowledgeBy) || t.empty}</Fact>
        ) : null}
        <Fact label={t.nodes}>{names(audience.nodes)}</Fact>
        <Fact label={t.categories}>{names(audience.categories)}</Fact>
        <Fact label={t.users}>{names(audience.users)}</Fact>
        <Fact label={t.editors}>{names(audience.editors)}</Fact>
        <Fact label={a.versionLabel}>
          {format(a.version, { n: version.number, date: longDateTime(version.recordedAt) })}
          {version.changedBy ? ` ${format(t.changedBy, { name: version.changedBy.name })}` : ''}
        </Fact>
      </Box>
    </Box>
  );
}
