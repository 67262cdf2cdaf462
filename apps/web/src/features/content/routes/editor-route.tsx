import Alert from '@mui/material/Alert';
import { sv } from '@skolportalen/shared';
import { useParams } from 'react-router';
import { usePost } from '../api/get-post';
import { PostEditor } from '../editor/post-editor';
import { EditorSlotsProvider, type EditorSlots } from '../editor/editor-slots';
import { ReadOnlyNotice } from '../editor/read-only-notice';
import { ArticleSkeleton } from '../components/article-skeleton';

/**
 * /skapa-innehall/{id?}: a new post, or post {id} to edit. The page in
 * src/app lends the editor the pickers of other features through `slots`.
 */
export default function EditorRoute({ slots = {} }: { slots?: EditorSlots }) {
  const { id } = useParams();
  const numeric = id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
  // The original, whatever the editor's own reading language: it is what a save writes.
  const post = usePost(numeric ?? id, 'sv');

  let body;
  if (id === undefined) body = <PostEditor />;
  else if (post.isPending) body = <ArticleSkeleton />;
  else if (post.isError) body = <Alert severity="warning">{sv.posts.editor.loadFailed}</Alert>;
  else if (!post.data.can.edit) body = <ReadOnlyNotice post={post.data} />;
  else body = <PostEditor key={post.data.id} post={post.data} />;
  return <EditorSlotsProvider value={slots}>{body}</EditorSlotsProvider>;
}
