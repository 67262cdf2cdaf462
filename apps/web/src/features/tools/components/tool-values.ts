import { linkInput, type LinkInput, type LinkResponse, type LinkType } from '@skolportalen/shared';

/** What the tool form edits: text fields as typed, lists as chosen. */
export interface ToolFormValues {
  name: string;
  shortDescription: string;
  longDescription: string;
  url: string;
  type: LinkType;
  linkSort: string;
  optional: boolean;
  /** The chosen icon from the media library, or none. */
  icon: LinkResponse['media'];
  nodeIds: number[];
  categoryIds: number[];
}

export type ToolField = keyof ToolFormValues;
/** Where the server reports a problem with the icon. */
export type ToolErrorField = ToolField | 'mediaId';

export const emptyTool: ToolFormValues = {
  name: '',
  shortDescription: '',
  longDescription: '',
  url: '',
  type: 'tool',
  linkSort: '0',
  optional: false,
  icon: null,
  nodeIds: [],
  categoryIds: [],
};

export function formValuesOf(tool: LinkResponse): ToolFormValues {
  return {
    name: tool.name,
    shortDescription: tool.shortDescription,
    longDescription: tool.longDescription,
    url: tool.url,
    type: tool.type,
    linkSort: String(tool.linkSort),
    optional: tool.optional,
    icon: tool.media,
    nodeIds: [...tool.nodeIds],
    categoryIds: [...tool.categoryIds],
  };
}

/** The request body for PUT /link/{id} that leaves the tool as it is. */
export function inputOf(tool: LinkResponse): LinkInput {
  return {
    name: tool.name,
    shortDescription: tool.shortDescription,
    longDescription: tool.longDescription,
    url: tool.url,
    type: tool.type,
    linkSort: tool.linkSort,
    optional: tool.optional,
    mediaId: tool.mediaId,
    nodeIds: tool.nodeIds,
    categoryIds: tool.categoryIds,
  };
}

const asNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The shared schema's first message per field: the same rules the server applies. */
export function validateTool(values: ToolFormValues): {
  input?: LinkInput;
  errors: Partial<Record<ToolErrorField, string>>;
} {
  const { icon, ...fields } = values;
  const input: LinkInput = {
    ...fields,
    linkSort: asNumber(values.linkSort),
    mediaId: icon?.id ?? null,
  };
  const result = linkInput.safeParse(input);
  if (result.success) return { input, errors: {} };
  const errors: Partial<Record<ToolErrorField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ToolErrorField | undefined;
    if (field) errors[field] ??= issue.message;
  }
  return { errors };
}
