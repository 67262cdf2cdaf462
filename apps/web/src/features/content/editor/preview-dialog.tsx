import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import {
  sv,
  type CurrentUserResponse,
  type PostResponse,
  type PostStatus,
} from '@skolportalen/shared';
import { useId } from 'react';
import { paths } from '@/lib/paths';
import { PostArticle } from '../components/post-article';
import { fromLocalInput, type PostFormValues } from './post-form';

/** The form as a post, for the preview: the same article readers will see. */
export function previewPost(
  values: PostFormValues,
  user: CurrentUserResponse | undefined,
  post: PostResponse | undefined,
  status: PostStatus,
): PostResponse {
  const now = new Date().toISOString();
  const contactFilled = Object.values(values.contact).some((value) => value.trim() !== '');
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    id: post?.id ?? 0,
    type: values.type,
    title: values.title || '…',
    excerpt: values.excerpt,
    slug: values.slug,
    url: paths.post.href(values.type, values.slug),
    status,
    review: null,
    order: values.kept.order,
    orderPostBeforeId: values.kept.orderPostBeforeId,
    parentId: values.kept.parentId,
    authorId: post?.authorId ?? user?.id ?? null,
    author: post?.author ?? (user ? { id: user.id, name: user.name } : null),
    pseudoAuthor: orNull(values.pseudoAuthor),
    allowComments: values.allowComments,
    publishedDate: fromLocalInput(values.publishedDate) ?? now,
    unpublishedDate: fromLocalInput(values.unpublishedDate),
    authoredDate: values.kept.authoredDate,
    sendNotification: values.sendNotification,
    blurbs: values.blurbs,
    info: values.info,
    contact: contactFilled
      ? {
          name: orNull(values.contact.name),
          title: orNull(values.contact.title),
          email: orNull(values.contact.email),
          phone: orNull(values.contact.phone),
        }
      : null,
    mediaId: values.media?.id ?? null,
    media: values.media,
    mediaIds: values.kept.mediaIds,
    medias: [],
    userIds: values.userIds,
    categoryIds: values.categoryIds,
    nodeIds: values.nodeIds,
    courseNodeIds: values.kept.courseNodeIds,
    editorIds: values.editorIds,
    pagePlacement: values.pagePlacement,
    courseDate: values.kept.courseDate,
    course: values.kept.course,
    created: post?.created ?? now,
    updated: now,
    isRead: false,
    likes: { count: 0, liked: false, likeId: null },
    commentCount: 0,
    readCount: null,
    targetCount: null,
    requiresAcknowledgement: values.requiresAcknowledgement,
    acknowledgeBy: values.requiresAcknowledgement ? fromLocalInput(values.acknowledgeBy) : null,
    acknowledgement: values.acknowledgement,
    reminderHoursBefore: values.reminderHours.map(Number).filter(Number.isFinite),
    myAcknowledgement: null,
    reachedChildren: [],
    can: {
      edit: false,
      delete: false,
      publish: false,
      changeRestricted: false,
      readAcknowledgements: false,
    },
    language: 'sv',
    dir: 'ltr',
    machineTranslated: false,
    outdated: false,
    content: values.content,
  };
}

export function PreviewDialog({ post, onClose }: { post: PostResponse; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullScreen aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {sv.posts.editor.previewTitle}
      </DialogTitle>
      <IconButton
        onClick={onClose}
        aria-label={sv.posts.editor.closePreview}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center' }}>
        <PostArticle post={post} asPage={false} />
      </DialogContent>
    </Dialog>
  );
}
