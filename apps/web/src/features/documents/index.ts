/** For the start page's composition (src/app): the person's starred documents. */
export { MyDocuments } from './components/my-documents';
/** For the content editor's composition (src/app): a repository document's shared link. */
export {
  DocumentLinkPickerDialog,
  type DocumentLinkPickerProps,
} from './components/document-link-picker';
