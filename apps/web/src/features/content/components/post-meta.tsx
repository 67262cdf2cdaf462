import Typography from '@mui/material/Typography';
import { format, type PostListItem } from '@skolportalen/shared';
import { postReaderTexts } from '@skolportalen/shared/texts/start-page';
import { longDate } from './dates';

const t = postReaderTexts;

/** Who and when: the shown sender (pseudoAuthor) before the author, the publishing date. */
export function PostMeta({
  post,
  showUpdated = true,
}: {
  post: PostListItem;
  showUpdated?: boolean;
}) {
  const author = post.pseudoAuthor ?? post.author?.name ?? null;
  const authorPart = author ? ` · ${format(t.author, { name: author })}` : null;
  if (post.status !== 'publish') {
    // Not out yet (or no longer): say so, not "Publicerad" — a scheduled post by its
    // time, the others since their last change.
    const when = post.status === 'future' ? (post.publishedDate ?? post.updated) : post.updated;
    return (
      <Typography variant="body2" color="text.secondary">
        <time dateTime={when}>{format(t[post.status], { date: longDate(when) })}</time>
        {authorPart}
      </Typography>
    );
  }
  const published = post.publishedDate ?? post.created;
  const updatedLater =
    showUpdated && Date.parse(post.updated) - Date.parse(published) > 24 * 60 * 60 * 1000
      ? post.updated
      : null;
  return (
    <Typography variant="body2" color="text.secondary">
      <time dateTime={published}>{format(t.published, { date: longDate(published) })}</time>
      {updatedLater ? (
        <>
          {' · '}
          <time dateTime={updatedLater}>{format(t.updated, { date: longDate(updatedLater) })}</time>
        </>
      ) : null}
      {authorPart}
    </Typography>
  );
}
