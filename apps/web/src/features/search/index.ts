/** What the search feature offers the rest of the app (composed in src/app): its field. */
export { SearchField } from './components/search-field';
