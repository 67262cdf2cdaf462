import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { format, type PostResponse } from '@skolportalen/shared';
import { likeTexts } from '@skolportalen/shared/texts/reactions';
import { useState } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { usePostLikes, useTogglePostLike } from '../api/likes';
import { CommentsSection } from './comments-section';
import { LikeButton, likeCountText } from './like-button';
import { useReactionRights } from './reaction-rights';

/**
 * Under a published post: its like button, and its comments when the post
 * takes comments. One live region tells screen-reader users what happened.
 */
export function PostReactions({ post }: { post: PostResponse }) {
  const { userId, rights } = useReactionRights();
  const likes = usePostLikes(post.id, post.likes);
  const toggle = useTogglePostLike(post.id);
  // A new key makes the region's text a new node, so a repeated message is read again.
  const [announcement, setAnnouncement] = useState({ key: 0, text: '' });
  const announce = (text: string) => setAnnouncement((last) => ({ key: last.key + 1, text }));

  if (post.status !== 'publish') return null;
  return (
    <Stack spacing={3}>
      <LikeButton
        summary={likes.data}
        label={likeTexts.likePost}
        canLike={rights.like}
        canUnlike={rights.unlike}
        pending={toggle.isPending}
        onToggle={() =>
          toggle.mutate(likes.data, {
            onSuccess: (answer) =>
              announce(
                format(answer.liked ? likeTexts.announceLiked : likeTexts.announceUnliked, {
                  count: likeCountText(answer.count),
                }),
              ),
          })
        }
      />
      {post.allowComments ? (
        <CommentsSection postId={post.id} userId={userId} rights={rights} announce={announce} />
      ) : null}
      <Box role="status" sx={visuallyHidden}>
        <span key={announcement.key}>{announcement.text}</span>
      </Box>
    </Stack>
  );
}
