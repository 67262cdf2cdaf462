/** What the comments-and-likes feature offers the rest of the app (composed in src/app). */
export { PostReactions } from './components/post-reactions';
