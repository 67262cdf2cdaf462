/** Query keys of comments and likes; a post's comments and each like target have their own. */
export const reactionKeys = {
  all: ['reactions'] as const,
  comments: (postId: number) => ['reactions', 'comments', postId] as const,
  postLikes: (postId: number) => ['reactions', 'likes', 'post', postId] as const,
};
