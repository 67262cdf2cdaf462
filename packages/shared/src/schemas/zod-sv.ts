import { z } from 'zod';
import { format } from '../texts/format';
import { sv } from '../texts/sv';

const m = sv.validation;

/**
 * Turns every zod issue into the spec's Swedish message, so schemas need no
 * per-field messages unless they want a more specific one.
 */
export function swedishMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? m.required : m.invalidType;
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') return n <= 1 ? m.required : format(m.minLength, { n });
      if (issue.origin === 'array' || issue.origin === 'set') return m.atLeastOne;
      return format(m.tooSmall, { n });
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return format(m.maxLength, { n });
      return format(m.tooBig, { n });
    }
    case 'invalid_format':
      if (issue.format === 'email') return m.email;
      if (issue.format === 'url') return m.url;
      return m.invalidValue;
    case 'unrecognized_keys':
      return format(m.unknownField, { field: issue.keys.join(', ') });
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return m.invalidValue;
    case 'not_multiple_of':
      return m.integer;
    default:
      return undefined;
  }
}

z.config({ customError: swedishMessage });

export { z };
