/**
 * What the content feature offers the rest of the app (composed in src/app):
 * the start page's pieces and the queries the start page prefetches.
 */
export { CrisisAlerts, InfoMessages, PinnedBlocks } from './components/start-notices';
export { MustReadNotices } from './must-read/must-read-notices';
export { NewsFeed } from './components/news-feed';
export { PlacementPages } from './components/placement-pages';
