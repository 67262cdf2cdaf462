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
  icon: string;
  mediaId: string;
  nodeIds: number[];
  categoryIds: number[];
}

export type ToolField = keyof ToolFormValues;

export const emptyTool: ToolFormValues = {
  name: '',
  shortDescription: '',
  longDescription: '',
  url: '',
  type: 'tool',
  linkSort: '0',
  optional: false,
  icon: '',
  mediaId: '',
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
    icon: tool.icon ?? '',
    mediaId: tool.mediaId === null ? '' : String(tool.mediaId),
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
    icon: tool.icon,
    mediaId: tool.mediaId,
    nodeIds: tool.nodeIds,
    categoryIds: tool.categoryIds,
  };
}

const asNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The shared schema's first message per field: the same rules the server applies. */
export function validateTool(values: ToolFormValues): {
  input?: LinkInput;
  errors: Partial<Record<ToolField, string>>;
} {
  const input: LinkInput = {
    ...values,
    linkSort: asNumber(values.linkSort),
    mediaId: values.mediaId.trim() === '' ? null : asNumber(values.mediaId),
    icon: values.icon.trim() === '' ? null : values.icon,
  };
  const result = linkInput.safeParse(input);
  if (result.success) return { input, errors: {} };
  const errors: Partial<Record<ToolField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ToolField | undefined;
    if (field) errors[field] ??= issue.message;
  }
  return { errors };
}
