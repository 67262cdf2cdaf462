import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { format, type PostResponse } from '@skolportalen/shared';
import { contentTexts } from '@skolportalen/shared/texts/content';
import { postReaderTexts } from '@skolportalen/shared/texts/start-page';
import type { ReactNode } from 'react';
import { PageHeading } from '@/components/page-heading';
import { contentLanguageProps } from '@/lib/content-language-props';
import { apiPaths, paths } from '@/lib/paths';
import { articleFrame, responsiveImage } from '@/lib/responsive-image';
import { useSecondCommit } from '@/lib/second-commit';
import { blocksInCommit, ContentBlocks } from '../blocks/content-blocks';
import { ReachedChildren } from '../must-read/reached-children';
import { AcknowledgementReportButton } from '../must-read/report/report-button';
import { Blurbs, ContactCard, InfoLinks } from './post-extras';
import { PostMeta } from './post-meta';

const t = postReaderTexts;

// A plain img: Box would take `width` and `height` as style, and the browser needs them as attributes.
const ArticlePicture = styled('img')(({ theme }) => ({
  display: 'block',
  width: '100%',
  height: 'auto',
  maxHeight: 480,
  objectFit: 'cover',
  borderRadius: theme.shape.borderRadius,
  marginBottom: theme.spacing(2),
}));

interface PostArticleProps {
  post: PostResponse;
  /** The read marker; left out in the editor's preview. */
  readMarker?: ReactNode;
  /** What other features show under the post (likes and comments); left out in the preview. */
  footer?: ReactNode;
  /** The title as the page's h1 (reading) or a plain heading (preview in a dialog). */
  asPage?: boolean;
  /** Which language the content is shown in, above it (issue 27); left out in the preview. */
  languageBar?: ReactNode;
}

/** A post as readers see it: title, dates, sender, image, excerpt, blurbs, blocks, links, contact. */
export function PostArticle({
  post,
  readMarker,
  footer,
  asPage = true,
  languageBar,
}: PostArticleProps) {
  const image = post.media;
  // The title, the picture and the first blocks in the first commit; the other blocks and
  // everything below them in a second, right after (lib/second-commit.ts).
  const whole = useSecondCommit();
  // Title, excerpt and blocks may be a translation; the frame around them stays Swedish.
  const language = contentLanguageProps(post);
  return (
    <Box component="article" sx={{ maxWidth: 960 }}>
      <Stack spacing={1} sx={{ mb: 2 }}>
        {languageBar}
        <Typography variant="overline" color="text.secondary" component="p">
          {contentTexts.types[post.type]}
        </Typography>
        {asPage ? (
          <PageHeading {...language}>{post.title}</PageHeading>
        ) : (
          <Typography component="h2" variant="h4" gutterBottom {...language}>
            {post.title}
          </Typography>
        )}
        <PostMeta post={post} />
        {post.reachedChildren.length > 0 ? (
          <Box>
            <ReachedChildren reached={post.reachedChildren} />
          </Box>
        ) : null}
        {post.status !== 'publish' ? (
          <Alert severity="info">
            {format(t.notPublished, { status: contentTexts.statuses[post.status].toLowerCase() })}
          </Alert>
        ) : null}
        {asPage && (post.can.edit || post.can.readAcknowledgements) ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {post.can.edit ? (
              <Button href={paths.createContent.href(post.id)} startIcon={<Edit />} variant="text">
                {t.edit}
              </Button>
            ) : null}
            <AcknowledgementReportButton post={post} />
          </Box>
        ) : null}
      </Stack>
      {image ? (
        // The first image of the article: loaded at once, at the article's width.
        <ArticlePicture
          {...responsiveImage(apiPaths.mediaFile(image.filename), image, articleFrame)}
          alt={image.alt}
          fetchPriority="high"
          decoding="async"
        />
      ) : null}
      {post.excerpt ? (
        <Typography sx={{ fontSize: '1.2rem', fontWeight: 500, mb: 2 }} {...language}>
          {post.excerpt}
        </Typography>
      ) : null}
      <Stack spacing={3}>
        <Blurbs blurbs={post.blurbs} />
        <div {...language}>
          <ContentBlocks
            blocks={blocksInCommit(post.content, whole)}
            media={post.usedMedia}
            firstImageFirst={image === null}
          />
        </div>
        {whole ? (
          <>
            <InfoLinks links={post.info} />
            <ContactCard contact={post.contact} />
            {readMarker ? (
              <>
                <Divider />
                {readMarker}
              </>
            ) : null}
            {footer ? (
              <>
                <Divider />
                {footer}
              </>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Box>
  );
}
