import DeleteOutline from '@mui/icons-material/DeleteOutline';
import History from '@mui/icons-material/History';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  acknowledgeableTypes,
  format,
  hasCapability,
  sv,
  type Block,
  type PostResponse,
} from '@skolportalen/shared';
import { versionHistoryTexts } from '@skolportalen/shared/texts/version-history';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { isApiError } from '@/lib/api-client';
import { ChunkLoadError } from '@/lib/chunk-reload';
import { lazyOverlay } from '@/lib/lazy-overlay';
import { useCurrentUser } from '@/lib/current-user';
import { useClearOfBottomBar } from '@/lib/use-clear-of-bottom-bar';
import { errorStore } from '@/lib/error-store';
import { paths } from '@/lib/paths';
import { useApprovalCheck } from '../api/approvals';
import { useUntaggedPdfs } from '../api/pdf-tags';
import { useDeletePost, useSavePost } from '../api/save-post';
import { ApprovalStatusNotice, ApproversNote } from '../approval/editor-approval';
import { ReviewSection } from '../review/review-section';
import { longDateTime } from '../components/dates';
import { fieldId, shownFields, type EditorForm } from './editor-form';
import { useEditorSlots } from './editor-slots';
import { mapFieldErrors, noErrors, type MappedErrors } from './error-map';
import { AccessibilityCheck, accessibilityErrors } from './accessibility-check';
import { ErrorSummary } from './error-summary';
import { PageBuilder } from './page-builder';
import {
  emptyPost,
  fromLocalInput,
  fromPost,
  isScheduled,
  statusFor,
  toInput,
  validatePost,
  type EditorAction,
} from './post-form';
import { PreviewDialog, previewPost } from './preview-dialog';
import { useReadabilityTarget } from './readability-target';
import { countByType } from './tree-ops';
import { AcknowledgementSection } from './sections/acknowledgement-section';
import { EditorsSection } from './sections/editors-section';
import { BlurbsSection, ContactSection, InfoSection } from './sections/extras-section';
import { MediaSection } from './sections/media-section';
import { PublishingSection } from './sections/publishing-section';
import { TargetingSection } from './sections/targeting-section';
import { TextSection } from './sections/text-section';
import { translatableTypes } from './translations/translation-form-values';

// Only editors of saved posts use it: its code loads with the section.
const TranslationsSection = lazy(() =>
  import('./translations/translations-section').catch((error: unknown) => {
    throw new ChunkLoadError(error);
  }),
);

// The history, its comparison and restore load when it is opened.
const HistoryDialog = lazyOverlay(() =>
  import('../versions/history-dialog').then((module) => module.default),
);

const t = sv.posts.editor;

type Notice = 'saved' | 'published' | 'scheduled' | 'restored' | 'pending';

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} id={id} tabIndex={id ? -1 : undefined}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The content editor: every field of a post, the page builder, preview and
 * the save actions. Problems are found by the shared schema before sending,
 * and the server's field errors land beside the same fields and blocks.
 */
export function PostEditor({ post }: { post?: PostResponse }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const [values, setValues] = useState(() => (post ? fromPost(post) : emptyPost()));
  const [errors, setErrors] = useState<MappedErrors>(noErrors);
  const [dirty, setDirty] = useState(false);
  const [preview, setPreview] = useState(false);
  // Fields scrolled into view stop above the save bar, not under it.
  const saveBar = useClearOfBottomBar<HTMLElement>();
  const [history, setHistory] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(
    () => (location.state as { notice?: Notice } | null)?.notice ?? null,
  );
  const slots = useEditorSlots();
  const summaryRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const initiallyExpanded = useMemo(
    () =>
      post ? [] : values.content.filter((block) => block.type === 'html').map((block) => block.id),
    // Only the first render decides what starts open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const save = useSavePost();
  const remove = useDeletePost();
  const restricted = post ? !post.can.changeRestricted : false;
  const status = post?.status ?? 'draft';
  const mayPublish = post
    ? post.can.publish
    : user
      ? hasCapability(user.capabilities, ['publish_post'])
      : false;

  // Whether publishing as now aimed waits for approval (issue 29): the button says so.
  const approval = useApprovalCheck(values.type, values.nodeIds, !restricted || status !== 'draft');
  const needsApproval = approval.data?.required === true;

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const numbers = useMemo(() => countByType(values.content), [values.content]);
  const readabilityTarget = useReadabilityTarget(values.categoryIds);
  const untaggedPdfs = useUntaggedPdfs(values.content);
  const checkContext = useMemo(
    () => ({ untaggedPdfs, siteOrigin: window.location.origin }),
    [untaggedPdfs],
  );
  const nameOf = (block: Block) =>
    format(sv.posts.builder.blockN, {
      name: sv.blocks.names[block.type],
      n: numbers.get(block.id) ?? 1,
    });

  const form: EditorForm = {
    values,
    set: (patch) => {
      setValues((current) => ({ ...current, ...patch }));
      setDirty(true);
      setNotice(null);
    },
    error: (field) => errors.fields[field],
    restricted,
    postId: post?.id,
  };

  const showErrors = (mapped: MappedErrors) => {
    setErrors(mapped);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const submit = (action: EditorAction) => {
    const nextStatus = restricted ? status : statusFor(action, status);
    const body = toInput(values, nextStatus);
    const problems = validatePost(body);
    // What keeps a page from being read by everyone stops publishing, not saving a draft.
    if (nextStatus === 'publish' || nextStatus === 'future')
      problems.push(...accessibilityErrors(values.content));
    if (problems.length > 0) {
      showErrors(mapFieldErrors(problems, values.content, shownFields));
      return;
    }
    setErrors(noErrors);
    save.mutate(
      { id: post?.id, body },
      {
        onSuccess: (saved) => {
          setDirty(false);
          const next: Notice =
            saved.status === 'pending'
              ? 'pending'
              : saved.status === 'future'
                ? 'scheduled'
                : saved.status === 'publish' && action !== 'keep'
                  ? 'published'
                  : 'saved';
          if (!post) {
            void navigate(paths.createContent.href(saved.id), {
              replace: true,
              state: { notice: next },
            });
            return;
          }
          setValues(fromPost(saved));
          setNotice(next);
        },
        onError: (error) => {
          if (isApiError(error) && (error.body?.errors?.length ?? 0) > 0) {
            showErrors(mapFieldErrors(error.body!.errors!, values.content, shownFields));
            return;
          }
          if (isApiError(error)) {
            if (error.status === 401 || error.status === 404) return;
            showErrors({ fields: {}, blocks: {}, other: [error.message] });
            return;
          }
          errorStore.push({ status: 0, url: '', message: sv.errors.network });
        },
      },
    );
  };

  const trash = () => {
    if (!post) return;
    remove.mutate(post.id, {
      onSuccess: () => void navigate(paths.profile.myContent.href()),
    });
  };

  const scheduled = isScheduled(values);
  const busy = save.isPending || remove.isPending;
  const viewUrl = post && post.status === 'publish' ? post.url : null;
  const noticeText =
    notice === 'scheduled'
      ? format(t.scheduled, { date: longDateTime(fromLocalInput(values.publishedDate)) })
      : notice === 'published'
        ? t.published
        : notice === 'saved'
          ? t.saved
          : notice === 'restored'
            ? versionHistoryTexts.restored
            : notice === 'pending'
              ? sv.approvals.editor.sent
              : null;

  const actions = (
    <Stack
      direction="row"
      spacing={1}
      sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: '0 !important' } }}
    >
      <Button variant="outlined" startIcon={<Visibility />} onClick={() => setPreview(true)}>
        {t.preview}
      </Button>
      {restricted || (post && (status === 'publish' || status === 'future')) ? (
        <Button variant="contained" disabled={busy} onClick={() => submit('keep')}>
          {busy ? t.saving : needsApproval ? sv.approvals.editor.sendForApproval : t.update}
        </Button>
      ) : null}
      {!restricted ? (
        <Button variant="outlined" disabled={busy} onClick={() => submit('draft')}>
          {t.saveDraft}
        </Button>
      ) : null}
      {!restricted && mayPublish && !(post && (status === 'publish' || status === 'future')) ? (
        <Button variant="contained" disabled={busy} onClick={() => submit('publish')}>
          {needsApproval ? sv.approvals.editor.sendForApproval : scheduled ? t.schedule : t.publish}
        </Button>
      ) : null}
      <ApproversNote check={approval.data} />
      {post?.can.delete && status !== 'trash' ? (
        <Button color="error" startIcon={<DeleteOutline />} disabled={busy} onClick={trash}>
          {t.trash}
        </Button>
      ) : null}
    </Stack>
  );

  return (
    <Stack spacing={3}>
      <div>
        <PageHeading>{post ? format(t.editTitle, { title: post.title }) : t.newTitle}</PageHeading>
        <Typography>{t.intro}</Typography>
        {post ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {format(t.status, { status: sv.content.statuses[post.status] })}
            {viewUrl ? (
              <>
                {' · '}
                <Link href={viewUrl}>{t.view}</Link>
              </>
            ) : null}
          </Typography>
        ) : null}
      </div>
      {noticeText ? (
        <Alert
          severity="success"
          ref={noticeRef}
          tabIndex={-1}
          role="status"
          onClose={() => setNotice(null)}
        >
          {noticeText}
          {viewUrl ? (
            <>
              {' '}
              <Link href={viewUrl} color="inherit">
                {t.view}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      {post ? <ApprovalStatusNotice postId={post.id} status={post.status} /> : null}
      <ErrorSummary ref={summaryRef} errors={errors} content={values.content} nameOf={nameOf} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <Section title={t.sectionText}>
              <TextSection form={form} isNew={!post} />
            </Section>
            <Section title={t.sectionContent} id="post-builder">
              {errors.fields.content ? (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {errors.fields.content}
                </Alert>
              ) : null}
              <AccessibilityCheck
                content={values.content}
                nameOf={nameOf}
                title={values.title}
                excerpt={values.excerpt}
                target={readabilityTarget}
                context={checkContext}
              />
              <PageBuilder
                value={values.content}
                onChange={(content) => form.set({ content })}
                errors={errors.blocks}
                initiallyExpanded={initiallyExpanded}
              />
            </Section>
            {values.type === 'course' && slots.courseFields ? (
              <Section title={sv.courses.fields.heading}>
                {slots.courseFields({
                  course: values.kept.course,
                  onChange: ({ course, courseDate }) =>
                    form.set({ kept: { ...values.kept, course, courseDate } }),
                  // The course's day follows its start: a missing day is said at the start.
                  error: (field) =>
                    errors.fields[field] ??
                    (field === 'course.startDate' ? errors.fields.courseDate : undefined),
                  idFor: fieldId,
                  disabled: false,
                })}
              </Section>
            ) : null}
            <Section title={t.sectionBlurbs}>
              <BlurbsSection form={form} />
            </Section>
            <Section title={t.sectionInfo}>
              <InfoSection form={form} />
            </Section>
            <Section title={t.sectionContact}>
              <ContactSection form={form} />
            </Section>
            {translatableTypes.includes(values.type) ? (
              <Section title={sv.translations.editor.title}>
                {post ? (
                  <Suspense fallback={null}>
                    <TranslationsSection post={post} />
                  </Suspense>
                ) : (
                  <Typography variant="body2">{sv.translations.editor.saveFirst}</Typography>
                )}
              </Section>
            ) : null}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            <Section title={t.sectionPublishing}>
              <PublishingSection form={form} />
            </Section>
            {acknowledgeableTypes.includes(values.type) ? (
              <Section title={sv.mustRead.editor.section}>
                <AcknowledgementSection form={form} />
              </Section>
            ) : null}
            <Section title={t.sectionMedia}>
              <MediaSection form={form} />
            </Section>
            <Section title={t.sectionTargeting}>
              <TargetingSection form={form} />
            </Section>
            <Section title={t.sectionEditors}>
              <EditorsSection form={form} />
            </Section>
            <Section title={sv.reviews.editor.heading}>
              {post?.review ? (
                <ReviewSection post={post} />
              ) : (
                <Typography variant="body2">{sv.reviews.editor.saveFirst}</Typography>
              )}
            </Section>
            {post ? (
              <Section title={versionHistoryTexts.section}>
                <Typography variant="body2" sx={{ mb: 2 }}>
                  {versionHistoryTexts.sectionIntro}
                </Typography>
                <Button variant="outlined" startIcon={<History />} onClick={() => setHistory(true)}>
                  {versionHistoryTexts.open}
                </Button>
              </Section>
            ) : null}
          </Stack>
        </Grid>
      </Grid>
      <Box
        ref={saveBar}
        component="section"
        aria-label={t.actionsLabel}
        sx={{
          position: 'sticky',
          bottom: 0,
          boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.08)',
          zIndex: 3,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          py: 1.5,
          px: 2,
          mx: { xs: -2, sm: -3 },
        }}
      >
        {actions}
      </Box>
      {preview ? (
        <PreviewDialog
          post={previewPost(
            values,
            user,
            post,
            restricted ? status : scheduled ? 'future' : status,
          )}
          onClose={() => setPreview(false)}
        />
      ) : null}
      {post ? (
        <HistoryDialog
          open={history}
          post={post}
          dirty={dirty}
          onClose={() => setHistory(false)}
          onRestored={(restored) => {
            setValues(fromPost(restored));
            setDirty(false);
            setErrors(noErrors);
            setNotice('restored');
          }}
        />
      ) : null}
      <span id={fieldId('status')} hidden />
    </Stack>
  );
}
