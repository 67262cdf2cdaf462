import { parse } from 'node:querystring';

/**
 * Parses a query string so that `nodeId[]=1&nodeId[]=2` arrives as
 * `{ nodeId: ['1', '2'] }`; the schemas then validate each item.
 */
export function parseQueryString(input: string): Record<string, string | string[]> {
  const parsed = parse(input);
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
