import {
  format,
  parseToolIds,
  splitCells,
  sv,
  type Block,
  type HtmlSanitizer,
} from '@skolportalen/shared';

const t = sv.retention.archive;

export interface Named {
  id: number;
  name: string;
}

/** A version as the archive holds it: the row, and the names of those it names as they are now. */
export interface ArchivedVersion {
  postId: number;
  number: number;
  recordedAt: string;
  event: keyof typeof sv.versions.events;
  type: keyof typeof sv.content.types;
  status: keyof typeof sv.content.statuses;
  title: string;
  slug: string;
  url: string | null;
  changedBy: Named | null;
  /** The post's row as it was (every column but the search vector). */
  post: Record<string, unknown>;
  audience: { nodes: Named[]; categories: Named[]; users: Named[]; editors: Named[] };
}

export interface ArchivedPostEntry {
  id: number;
  type: keyof typeof sv.content.types;
  title: string;
  folder: string;
  deleted: boolean;
  versions: number[];
}

/** Every character that means something in HTML text or a quoted attribute. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const dateTime = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Stockholm',
});
const when = (value: unknown) =>
  typeof value === 'string' && value !== '' ? dateTime.format(new Date(value)) : t.none;

/**
 * An address a block links to, made absolute on the portal: only http(s),
 * or a path on the site; anything else is shown as text, never as a link.
 */
function safeHref(value: string, siteOrigin: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  try {
    const url = new URL(trimmed, siteOrigin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function link(href: string, label: string, siteOrigin: string): string {
  const safe = safeHref(href, siteOrigin);
  return safe ? `<a href="${escapeHtml(safe)}">${escapeHtml(label)}</a>` : escapeHtml(label);
}

/** The page builder's blocks as plain HTML: every text escaped, every piece of HTML sanitised. */
export function renderBlocks(
  tree: readonly Block[],
  sanitize: HtmlSanitizer,
  siteOrigin: string,
): string {
  return tree
    .map((node): string => {
      const children = renderBlocks(node.children, sanitize, siteOrigin);
      switch (node.type) {
        case 'heading': {
          // The title is the page's h1; a heading of size n is one level below.
          const level = Math.min(6, Math.max(2, Number(node.props.size) + 1));
          return `<h${level}>${escapeHtml(node.props.text)}</h${level}>`;
        }
        case 'html':
          return `<div class="text">${sanitize(String(node.props.html ?? ''))}</div>`;
        case 'card': {
          const image = safeHref(node.props.imgSrc, siteOrigin);
          return [
            '<section class="card">',
            node.props.title ? `<h3>${escapeHtml(node.props.title)}</h3>` : '',
            image ? `<img src="${escapeHtml(image)}" alt="">` : '',
            `<div class="text">${sanitize(String(node.props.text ?? ''))}</div>`,
            node.props.buttonLabel
              ? `<p>${link(node.props.buttonUrl, node.props.buttonLabel, siteOrigin)}</p>`
              : '',
            '</section>',
          ].join('');
        }
        case 'row':
          return `<div class="row">${children}</div>`;
        case 'col':
          return `<div class="col">${children}</div>`;
        case 'table': {
          const head = node.children.filter((child) => child.type === 'table-heading');
          const rows = node.children.filter((child) => child.type === 'table-row');
          const cells = (value: string, tag: 'th' | 'td') =>
            splitCells(value)
              .map(
                (cell) =>
                  `<${tag}${tag === 'th' ? ' scope="col"' : ''}>${escapeHtml(cell)}</${tag}>`,
              )
              .join('');
          return [
            '<table>',
            node.props.caption ? `<caption>${escapeHtml(node.props.caption)}</caption>` : '',
            head.length
              ? `<thead>${head.map((h) => `<tr>${cells(String(h.props.headings ?? ''), 'th')}</tr>`).join('')}</thead>`
              : '',
            `<tbody>${rows.map((r) => `<tr>${cells(String(r.props.items ?? ''), 'td')}</tr>`).join('')}</tbody>`,
            '</table>',
          ].join('');
        }
        case 'image': {
          const src = safeHref(node.props.imgSrc, siteOrigin);
          return [
            '<figure>',
            src ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(node.props.alt)}">` : '',
            node.props.caption ? `<figcaption>${escapeHtml(node.props.caption)}</figcaption>` : '',
            '</figure>',
          ].join('');
        }
        case 'video':
          return `<p>${escapeHtml(t.video)}: ${link(node.props.videoSrc, node.props.videoSrc, siteOrigin)}</p>`;
        case 'tool':
          return `<p>${escapeHtml(t.tools)}: ${escapeHtml(parseToolIds(node.props.toolIds).join(', ') || t.none)}</p>`;
        default:
          return children;
      }
    })
    .join('\n');
}

const style = `body{font-family:system-ui,sans-serif;line-height:1.5;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
.excerpt{font-size:1.15rem}table{border-collapse:collapse}th,td{border:1px solid #888;padding:.25rem .5rem;text-align:left}
img{max-width:100%;height:auto}.card{border:1px solid #ccc;padding:1rem;margin:1rem 0}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const names = (list: readonly Named[]) =>
  list.length ? list.map((item) => escapeHtml(item.name)).join(', ') : t.none;

/** One version as a page of its own: what it said, when, by whom, and to whom. */
export function renderVersionPage(
  version: ArchivedVersion,
  sanitize: HtmlSanitizer,
  siteOrigin: string,
): string {
  const post = version.post;
  const content = Array.isArray(post.content) ? (post.content as Block[]) : [];
  const facts: [string, string][] = [
    [t.type, escapeHtml(sv.content.types[version.type] ?? version.type)],
    [t.status, escapeHtml(sv.content.statuses[version.status] ?? version.status)],
    [t.event, escapeHtml(sv.versions.events[version.event] ?? version.event)],
    [t.recordedAt, escapeHtml(when(version.recordedAt))],
    [t.changedBy, escapeHtml(version.changedBy?.name ?? t.scheduler)],
    [t.published, escapeHtml(when(post.published_date))],
    [t.unpublished, escapeHtml(when(post.unpublished_date))],
    [t.address, version.url ? link(version.url, version.url, siteOrigin) : t.none],
    [t.groups, names(version.audience.nodes)],
    [t.categories, names(version.audience.categories)],
    [t.people, names(version.audience.users)],
    [t.editors, names(version.audience.editors)],
  ];
  return page(
    `${version.title} – ${format(t.version, { n: version.number })}`,
    [
      '<article>',
      `<h1>${escapeHtml(version.title)}</h1>`,
      `<p>${escapeHtml(format(t.version, { n: version.number }))}</p>`,
      `<dl>${facts.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join('')}</dl>`,
      post.excerpt ? `<p class="excerpt">${escapeHtml(post.excerpt)}</p>` : '',
      renderBlocks(content, sanitize, siteOrigin),
      '</article>',
    ].join('\n'),
  );
}

/** The export's first page: every post, linking to each of its versions. */
export function renderIndexPage(entries: readonly ArchivedPostEntry[], exportedAt: Date): string {
  const rows = entries
    .map(
      (entry) =>
        `<tr><td>${entry.id}</td><td>${escapeHtml(sv.content.types[entry.type] ?? entry.type)}</td><td>${escapeHtml(entry.title)}${entry.deleted ? ` (${escapeHtml(t.deleted)})` : ''}</td><td>${entry.versions
          .map(
            (n) =>
              `<a href="${escapeHtml(`${entry.folder}/versions/${n}.html`)}">${escapeHtml(String(n))}</a>`,
          )
          .join(' ')}</td></tr>`,
    )
    .join('\n');
  return page(
    t.indexTitle,
    [
      `<h1>${escapeHtml(t.indexTitle)}</h1>`,
      `<p>${escapeHtml(format(t.exportedAt, { at: dateTime.format(exportedAt) }))}</p>`,
      `<table><thead><tr><th scope="col">Id</th><th scope="col">${escapeHtml(t.type)}</th><th scope="col">${escapeHtml(t.post)}</th><th scope="col">${escapeHtml(t.versions)}</th></tr></thead>`,
      `<tbody>${rows}</tbody></table>`,
    ].join('\n'),
  );
}
