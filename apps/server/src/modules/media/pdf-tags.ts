import { inflateSync } from 'node:zlib';

/**
 * Whether a PDF is tagged (PDF/UA's first requirement, issue 29): its
 * document catalog says `/MarkInfo << /Marked true >>` and holds a
 * `/StructTreeRoot`, the tree of headings, lists and reading order a screen
 * reader follows. The catalog is found through the trailer's `/Root` (the
 * last one, after incremental updates), read as plain objects or from
 * compressed object streams (PDF 1.5). Anything that cannot be read — an
 * encrypted object stream, a broken file — counts as not tagged: the editor
 * warns, and a warning never stops publishing.
 */
export function isTaggedPdf(data: Buffer): boolean {
  const text = data.toString('latin1');
  const objects = readObjects(text);
  const rootRefs = [...text.matchAll(/\/Root\s+(\d+)\s+\d+\s+R/g)];
  const rootNumber = rootRefs.length > 0 ? Number(rootRefs.at(-1)![1]) : null;
  const catalog =
    (rootNumber !== null ? objects.get(rootNumber) : undefined) ??
    [...objects.values()].find((body) => /\/Type\s*\/Catalog\b/.test(body));
  if (!catalog) return false;

  const inlineMarkInfo = /\/MarkInfo\s*<<([\s\S]*?)>>/.exec(catalog);
  const markInfoRef = /\/MarkInfo\s+(\d+)\s+\d+\s+R/.exec(catalog);
  const markInfo = inlineMarkInfo
    ? inlineMarkInfo[1]!
    : markInfoRef
      ? (objects.get(Number(markInfoRef[1])) ?? '')
      : '';
  const marked = /\/Marked\s+true\b/.test(markInfo);
  const structure = /\/StructTreeRoot\s*(?:\d+\s+\d+\s+R|<<)/.test(catalog);
  return marked && structure;
}

/** No object stream is inflated past this: a small file must not unpack into gigabytes. */
const maxInflated = 16 * 1024 * 1024;

/** Object number → its text: plain objects and those inside compressed object streams. */
function readObjects(text: string): Map<number, string> {
  const objects = new Map<number, string>();
  for (const match of text.matchAll(/(\d+)\s+\d+\s+obj\b([\s\S]*?)\bendobj\b/g)) {
    const number = Number(match[1]);
    const body = match[2]!;
    // A later definition (an incremental update) replaces an earlier one.
    objects.set(number, body);
    if (/\/Type\s*\/ObjStm\b/.test(body)) {
      for (const [inner, innerBody] of objectStream(body)) {
        if (!objects.has(inner)) objects.set(inner, innerBody);
      }
    }
  }
  return objects;
}

function objectStream(body: string): [number, string][] {
  const start = /stream\r?\n/.exec(body);
  const end = body.lastIndexOf('endstream');
  if (!start || end < 0) return [];
  const count = Number(/\/N\s+(\d+)/.exec(body)?.[1] ?? NaN);
  const first = Number(/\/First\s+(\d+)/.exec(body)?.[1] ?? NaN);
  if (!Number.isInteger(count) || !Number.isInteger(first)) return [];
  const raw = Buffer.from(body.slice(start.index + start[0].length, end), 'latin1');
  let content: string;
  try {
    content = /\/FlateDecode\b/.test(body)
      ? inflateSync(raw, { maxOutputLength: maxInflated }).toString('latin1')
      : raw.toString('latin1');
  } catch {
    return [];
  }
  const header = content.slice(0, first).trim().split(/\s+/).map(Number);
  const entries: [number, string][] = [];
  for (let index = 0; index < count && index * 2 + 1 < header.length; index += 1) {
    const number = header[index * 2]!;
    const offset = first + header[index * 2 + 1]!;
    const next =
      index + 1 < count ? first + (header[index * 2 + 3] ?? content.length) : content.length;
    entries.push([number, content.slice(offset, next)]);
  }
  return entries;
}
