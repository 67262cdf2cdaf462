/** The start page's greeting and groups, composed into the start page in src/app. */
export { Welcome } from './components/welcome';
export { YourGroups } from './components/your-groups';
