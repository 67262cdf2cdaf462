import ReadPostRoute from '@/features/content/routes/read-post-route';
import { PostReactions } from '@/features/reactions';

/** A news item or page with its likes and comments under it. */
export default function ReadPostPage() {
  return <ReadPostRoute belowPost={(post) => <PostReactions post={post} />} />;
}
