import { sv } from '@skolportalen/shared';

function leaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) leaves(item, out);
  return out;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every text of the catalogue as a pattern: `{name}` placeholders match anything. */
const catalogue: RegExp[] = [...new Set(leaves(sv))].map(
  (text) =>
    new RegExp(
      `^${text
        .split(/\{[A-Za-z]+\}/)
        .map(escape)
        .join('[\\s\\S]*')}$`,
    ),
);

/** Whether a message is one of the portal's Swedish texts (placeholders filled). */
export function isCatalogueText(message: string): boolean {
  return catalogue.some((pattern) => pattern.test(message));
}

/**
 * The documented error body: `{ code, message, errors? }`, a stable
 * upper-case code and messages taken from the Swedish text catalogue.
 * Returns what is wrong, or null.
 */
export function errorBodyProblem(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not a JSON object';
  const { code, message, errors, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `unexpected keys ${Object.keys(rest).join(', ')}`;
  if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(code)) return `bad code ${code}`;
  if (typeof message !== 'string' || !isCatalogueText(message))
    return `message not from the text catalogue: ${JSON.stringify(message)}`;
  if (errors === undefined) return null;
  if (!Array.isArray(errors) || errors.length === 0) return 'errors is not a non-empty list';
  for (const item of errors) {
    if (!item || typeof item !== 'object') return 'errors item is not an object';
    const { field, message: fieldMessage, ...extra } = item as Record<string, unknown>;
    if (Object.keys(extra).length > 0) return `unexpected keys in errors item`;
    if (typeof field !== 'string') return `errors item without a field name`;
    if (typeof fieldMessage !== 'string' || !isCatalogueText(fieldMessage))
      return `field message not from the text catalogue: ${JSON.stringify(fieldMessage)}`;
  }
  return null;
}
