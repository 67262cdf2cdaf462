/**
 * What the search feature offers the rest of the app (composed in src/app): its
 * fields. The header imports its compact field from components/search-field
 * itself, so the block field's text field stays out of the first page's code.
 */
export { SearchField } from './components/search-field';
export { SearchBlockField } from './components/search-block-field';
