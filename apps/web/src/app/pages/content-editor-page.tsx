import type { EditorSlots } from '@/features/content/editor/editor-slots';
import EditorRoute from '@/features/content/routes/editor-route';
import { CourseFields } from '@/features/courses';
import { DocumentLinkPickerDialog } from '@/features/documents';
import { GroupTemplatePicker } from '@/features/group-templates/components/group-template-picker';

/**
 * The content editor with what other features lend it: the document
 * repository's link picker (rich text), favourite target groups and the
 * course fields. The media library's picker comes through <MediaPicker>.
 */
const slots: EditorSlots = {
  documentLinkPicker: (props) => <DocumentLinkPickerDialog {...props} />,
  groupTemplatePicker: ({ onChoose, disabled }) => (
    <GroupTemplatePicker disabled={disabled} onChoose={(nodeIds) => onChoose(nodeIds)} />
  ),
  courseFields: (props) => <CourseFields {...props} />,
};

export default function ContentEditorPage() {
  return <EditorRoute slots={slots} />;
}
