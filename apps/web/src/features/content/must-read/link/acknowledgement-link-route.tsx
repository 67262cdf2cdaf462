import Translate from '@mui/icons-material/Translate';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  format,
  sourceLanguage,
  sv,
  type AcknowledgementLinkView,
  type ReachedChild,
} from '@skolportalen/shared';
import { useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { PageLoading } from '@/components/loading-card';
import { PageHeading } from '@/components/page-heading';
import { isApiError } from '@/lib/api-client';
import { useAcknowledgementLink, useConfirmByLink } from '../../api/acknowledgement-link';
import { BlockList } from '../../blocks/block-list';
import { longDateTime } from '../../components/dates';
import { withLanguage } from '../../components/language-bar';
import { ConfirmButtons } from '../acknowledge-buttons';
import { MustReadDeadline } from '../must-read-deadline';
import { confirmedMessage } from '../must-read-notices';
import { ChildStates } from '../must-read-panel';
import { endedKind, LinkEnded } from './link-ended';

const t = sv.acknowledgementLinks.page;
const panel = sv.mustRead.panel;
const translationTexts = sv.translations;

/** The address is the key: no search engine may keep it (the server says so too). */
const noIndex = <meta name="robots" content="noindex, nofollow" />;

/**
 * /bekrafta/{token}: a must-read mail's one-click link (decision 0040).
 * Without signing in, the reader sees the notice and confirms it with the
 * portal's own buttons — per child for a guardian; an ended link is a page of
 * its own with the way in through signing in. Opening the page confirms
 * nothing, and nothing of the signed-in app is asked.
 */
export default function AcknowledgementLinkRoute() {
  const { token = '' } = useParams();
  const link = useAcknowledgementLink(token);
  const confirm = useConfirmByLink(token);
  const [status, setStatus] = useState<string | null>(null);
  const [showingOriginal, setShowingOriginal] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  if (link.isPending) {
    return (
      <>
        {noIndex}
        <PageHeading>{t.title}</PageHeading>
        <PageLoading />
      </>
    );
  }
  // A link that ended while the page was open ends the page too.
  const ended = link.isError ? link.error : endedKind(confirm.error) ? confirm.error : null;
  if (ended || !link.data) {
    return (
      <>
        {noIndex}
        <LinkEnded error={ended} />
      </>
    );
  }

  const { post, reader, acknowledgeBy, acknowledgement, myAcknowledgement: asked } = link.data;
  // The notice comes in the reader's language where it has a translation; the original a click away.
  const shown =
    showingOriginal && post.original
      ? { ...post.original, language: sourceLanguage, dir: 'ltr' as const }
      : post;
  const forChildren = asked.children.length > 0;
  const onConfirm = (children: ReachedChild[] | null) =>
    confirm.mutate(
      children?.map((child) => child.id),
      {
        onSuccess: () => {
          setStatus(confirmedMessage(post, children ?? []));
          requestAnimationFrame(() => statusRef.current?.focus());
        },
      },
    );

  return (
    <Stack spacing={3}>
      {noIndex}
      <div>
        <PageHeading>{t.title}</PageHeading>
        <Typography sx={{ mt: 1 }}>
          {format(t.greeting, { name: reader.firstName })} {t.intro}
        </Typography>
      </div>

      <Paper
        component="article"
        variant="outlined"
        aria-labelledby="notice-title"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="overline" color="text.secondary" component="p">
          {sv.content.types[post.type]}
        </Typography>
        {post.original ? (
          <NoticeLanguage
            post={post}
            showingOriginal={showingOriginal}
            onToggle={() => setShowingOriginal((value) => !value)}
          />
        ) : null}
        <Typography
          id="notice-title"
          component="h2"
          variant="h5"
          gutterBottom
          lang={shown.language}
          dir={shown.dir}
        >
          {shown.title}
        </Typography>
        {post.publishedDate ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {format(t.published, { date: longDateTime(post.publishedDate) })}
          </Typography>
        ) : null}
        {shown.excerpt ? (
          <Typography
            sx={{ fontSize: '1.1rem', fontWeight: 500, mb: 2 }}
            lang={shown.language}
            dir={shown.dir}
          >
            {shown.excerpt}
          </Typography>
        ) : null}
        <Box lang={shown.language} dir={shown.dir}>
          <BlockList blocks={shown.content} />
        </Box>
        {post.moreInPortal ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t.moreInPortal}
          </Typography>
        ) : null}
      </Paper>

      <Card
        component="section"
        aria-labelledby={headingId}
        sx={{
          borderLeft: 6,
          borderLeftColor: asked.acknowledged ? 'success.main' : 'primary.main',
        }}
      >
        <CardContent sx={{ '&:last-child': { pb: 2 } }}>
          <Stack spacing={1.5}>
            <Typography id={headingId} component="h2" variant="h6">
              {panel.heading}
            </Typography>
            {asked.acknowledged ? null : (
              <>
                <Typography>
                  {forChildren ? panel.askChildren : panel.askSelf}
                  {forChildren && acknowledgement === 'each-guardian'
                    ? ` ${panel.everyGuardian}`
                    : null}
                </Typography>
                <MustReadDeadline post={{ acknowledgeBy, myAcknowledgement: asked }} />
              </>
            )}
            {forChildren ? <ChildStates states={asked.children} /> : null}
            <div role="status" ref={statusRef} tabIndex={-1}>
              {status ? <Typography sx={{ fontWeight: 600 }}>{status}</Typography> : null}
              {asked.acknowledged && !status ? (
                <Typography
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}
                >
                  <CheckCircle aria-hidden />
                  {forChildren
                    ? panel.confirmedAll
                    : format(panel.confirmedSelf, { date: longDateTime(asked.acknowledgedAt) })}
                </Typography>
              ) : null}
            </div>
            <ConfirmButtons
              state={asked}
              busyFor={confirm.isPending ? (confirm.variables ?? null) : undefined}
              onConfirm={onConfirm}
            />
            {confirm.isError ? (
              <Alert severity="error">
                {isApiError(confirm.error) ? confirm.error.message : t.failed}
              </Alert>
            ) : null}
          </Stack>
        </CardContent>
      </Card>

      {post.url ? (
        <Link href={post.url} sx={{ alignSelf: 'flex-start' }}>
          {t.readInPortal}
        </Link>
      ) : null}
    </Stack>
  );
}

/**
 * Above a translated notice (issue 27): the language it is shown in, the
 * Swedish original a click away, "Maskinöversatt" and, when the original has
 * changed since, that the translation may be behind.
 */
function NoticeLanguage({
  post,
  showingOriginal,
  onToggle,
}: {
  post: AcknowledgementLinkView['post'];
  showingOriginal: boolean;
  onToggle: () => void;
}) {
  return (
    <Box sx={{ mb: 1 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          py: 0.5,
          px: 1,
          mb: 1,
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        <Translate fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
        {showingOriginal ? (
          <Button variant="text" size="small" onClick={onToggle} sx={{ px: 0.5 }}>
            {withLanguage(translationTexts.showIn, post.language)}
          </Button>
        ) : (
          <>
            <Typography variant="body2">
              {withLanguage(translationTexts.shownIn, post.language)}
            </Typography>
            <Button variant="text" size="small" onClick={onToggle} sx={{ px: 0.5 }}>
              {translationTexts.showOriginal}
            </Button>
            {post.machineTranslated ? (
              <Chip size="small" variant="outlined" label={translationTexts.machineTranslated} />
            ) : null}
          </>
        )}
      </Box>
      {post.outdated && !showingOriginal ? (
        <Alert severity="info">{translationTexts.outdatedShort}</Alert>
      ) : null}
    </Box>
  );
}
