import type { CourseBlock } from '@skolportalen/shared';
import { createContext, useContext, type ReactNode } from 'react';

export interface DocumentLinkPickerSlotProps {
  open: boolean;
  onClose: () => void;
  /** A shared link to the chosen document, ready to put in the text. */
  onPick: (link: { url: string; name: string }) => void;
}

export interface CourseFieldsSlotProps {
  course: CourseBlock | null;
  onChange: (change: { course: CourseBlock; courseDate: string | null }) => void;
  error: (field: string) => string | undefined;
  idFor: (field: string) => string;
  disabled: boolean;
}

export interface GroupTemplateSlotProps {
  onChoose: (nodeIds: number[]) => void;
  disabled: boolean;
}

/**
 * What other features lend the editor: the document repository's link
 * picker, the favourite target groups and the course fields. The editor page
 * in src/app fills them in; a slot left empty hides what it would show. (The
 * media library's picker comes through the shared <MediaPicker>.)
 */
export interface EditorSlots {
  documentLinkPicker?: (props: DocumentLinkPickerSlotProps) => ReactNode;
  groupTemplatePicker?: (props: GroupTemplateSlotProps) => ReactNode;
  courseFields?: (props: CourseFieldsSlotProps) => ReactNode;
}

const EditorSlotsContext = createContext<EditorSlots>({});

export const EditorSlotsProvider = EditorSlotsContext.Provider;

export function useEditorSlots(): EditorSlots {
  return useContext(EditorSlotsContext);
}
