export interface Release {
  /** "Version 0.5.0 – 22 november 2026" */
  title: string;
  /** The line under the heading that sums the release up. */
  summary: string;
  items: string[];
}

/**
 * The releases of CHANGELOG.md, newest first as written. The file keeps to a
 * small part of Markdown, so this reads it without a Markdown library: a
 * `## ` heading per release, a summary paragraph and `- ` items; the file's
 * own title and introduction above the first release are not shown.
 */
export function parseChangelog(markdown: string): Release[] {
  const releases: Release[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const text = line.trim();
    const current = releases.at(-1);
    if (text.startsWith('## ')) {
      releases.push({ title: text.slice(3).trim(), summary: '', items: [] });
    } else if (!current || text === '') {
      continue;
    } else if (text.startsWith('- ')) {
      current.items.push(text.slice(2).trim());
    } else if (current.items.length > 0) {
      // A list item written over two lines.
      current.items[current.items.length - 1] += ` ${text}`;
    } else {
      current.summary = current.summary ? `${current.summary} ${text}` : text;
    }
  }
  return releases;
}
