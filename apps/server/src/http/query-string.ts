import { parse, unescape } from 'node:querystring';

/** A UTF-16 surrogate written as UTF-8 bytes (ED A0..BF xx): no character, only half of one. */
const encodedSurrogate = /%ED%[AB][0-9A-F]%[89AB][0-9A-F]/i;

/**
 * Decodes as Node does, except that an encoded surrogate stays a lone
 * surrogate instead of silently becoming U+FFFD, so the text guard
 * (text-guard.ts) refuses the field as it refuses "\ud800" in JSON.
 */
function decodeComponent(text: string): string {
  return encodedSurrogate.test(text) ? '\uD800' : unescape(text);
}

/**
 * Parses a query string so that `nodeId[]=1&nodeId[]=2` arrives as
 * `{ nodeId: ['1', '2'] }`; the schemas then validate each item.
 */
export function parseQueryString(input: string): Record<string, string | string[]> {
  const parsed = parse(input, undefined, undefined, { decodeURIComponent: decodeComponent });
  const result: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of Object.entries(parsed)) {
    if (value === undefined) continue;
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const values = Array.isArray(value) ? value : [value];
    const existing = result[key];
    const merged = existing === undefined ? values : [...[existing].flat(), ...values];
    result[key] = isList || merged.length > 1 ? merged : merged[0]!;
  }
  return result;
}
