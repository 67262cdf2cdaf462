import { z } from 'zod';
import { format } from '../texts/format';
import { sv } from '../texts/sv';

const m = sv.validation;

/** Nothing was given: absent, null or an empty string (spec §5 "required"). */
const isMissing = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A discriminated union names its discriminator: when that field is missing
 * the field is required, whatever the union's members would have taken.
 */
function discriminatorMissing(issue: z.core.$ZodRawIssue): boolean {
  const key = (issue as { discriminator?: unknown }).discriminator;
  if (typeof key !== 'string') return false;
  const input = issue.input;
  if (input === null || typeof input !== 'object') return false;
  return isMissing((input as Record<string, unknown>)[key]);
}

/**
 * Turns every zod issue into the spec's Swedish message, so schemas need no
 * per-field messages unless they want a more specific one. A missing or empty
 * value of any kind (text, number, choice, list, object) is "required"; a
 * value that is present but of the wrong kind keeps its own message.
 */
export function swedishMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue.input) ? m.required : m.invalidType;
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
      return isMissing(issue.input) ? m.required : m.invalidValue;
    case 'invalid_union':
      return isMissing(issue.input) || discriminatorMissing(issue) ? m.required : m.invalidValue;
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

// In the browser the page's Content-Security-Policy forbids eval: zod would try compiling
// object parsers with `new Function` all the same, which only fails and files a CSP
// violation, so it parses without. Set here, where every schema of the portal is made, so
// that the web app's first page, which makes none, carries no zod at all.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
