/** For the start page's composition (src/app): the person's starred documents. */
export { MyDocuments } from './components/my-documents';
