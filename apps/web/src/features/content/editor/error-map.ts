import type { Block } from '@skolportalen/shared';
import { blockAtPath } from './tree-ops';

export interface FieldMessage {
  field: string;
  message: string;
}

/** Errors sorted to where the editor shows them. */
export interface MappedErrors {
  /** Form fields by path: `title`, `blurbs.0.title`, `contact.email`, `nodeIds`. */
  fields: Record<string, string>;
  /** Page-builder blocks by id: the block's own fields (`cols`, `html`, `type`) and messages. */
  blocks: Record<string, Record<string, string>>;
  /** Messages that belong to no field on screen (shown in the summary only). */
  other: string[];
}

export const noErrors: MappedErrors = { fields: {}, blocks: {}, other: [] };

const splitPath = (field: string) =>
  field
    .split('.')
    .filter((step) => step !== '')
    .map((step) => (/^\d+$/.test(step) ? Number(step) : step));

/**
 * Sorts the server's `errors[].field` paths (and the same paths from the
 * shared schema run in the browser): block paths such as
 * `content.0.children.1.props.cols` go to that block under `cols`; a message
 * about the whole tree goes to the builder (`content`); the rest stays a field.
 * The first message per place wins, as the spec's validation returns it.
 */
export function mapFieldErrors(
  errors: readonly FieldMessage[],
  content: readonly Block[],
  shownFields: ReadonlySet<string>,
): MappedErrors {
  const result: MappedErrors = { fields: {}, blocks: {}, other: [] };
  for (const { field, message } of errors) {
    if (field === 'content' || field.startsWith('content.')) {
      const target = blockAtPath(content, splitPath(field));
      if (target) {
        const { block, rest } = target;
        const key = rest[0] === 'props' && rest[1] !== undefined ? rest[1] : (rest[0] ?? 'block');
        result.blocks[block.id] ??= {};
        result.blocks[block.id]![key] ??= message;
        continue;
      }
      result.fields.content ??= message;
      continue;
    }
    if (shownFields.has(field) || [...shownFields].some((shown) => field.startsWith(`${shown}.`))) {
      result.fields[field] ??= message;
      continue;
    }
    if (!result.other.includes(message)) result.other.push(message);
  }
  return result;
}

/** Each message once, in the order the form shows them, for the summary at the top. */
export function errorCount(errors: MappedErrors): number {
  return (
    Object.keys(errors.fields).length +
    Object.values(errors.blocks).reduce((sum, fields) => sum + Object.keys(fields).length, 0) +
    errors.other.length
  );
}
