import type { PostFormValues } from './post-form';

/** What each section of the editor works with. */
export interface EditorForm {
  values: PostFormValues;
  set: (patch: Partial<PostFormValues>) => void;
  /** The message for a field path (`title`, `blurbs.0.text`), from the browser's check or the server. */
  error: (field: string) => string | undefined;
  /** The author is an assigned editor: the restricted publishing fields are read-only. */
  restricted: boolean;
  /** The post's id once saved. */
  postId?: number;
}

/** The element id of a field, so the error summary can link to it. */
export const fieldId = (field: string) => `post-field-${field.replace(/\./g, '-')}`;

/** Fields the form shows; an error on any other field is listed in the summary only. */
export const shownFields = new Set([
  'type',
  'title',
  'excerpt',
  'slug',
  'pseudoAuthor',
  'blurbs',
  'info',
  'contact',
  'mediaId',
  'nodeIds',
  'categoryIds',
  'editorIds',
  'publishedDate',
  'unpublishedDate',
  'pagePlacement',
  'allowComments',
  'sendNotification',
  'requiresAcknowledgement',
  'acknowledgeBy',
  'acknowledgement',
  'reminderHoursBefore',
  'status',
  'course',
  'courseDate',
]);
