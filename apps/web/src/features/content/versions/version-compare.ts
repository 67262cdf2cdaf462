import {
  format,
  parseToolIds,
  splitCells,
  sv,
  type Block,
  type VersionResponse,
} from '@skolportalen/shared';
import { versionHistoryTexts } from '@skolportalen/shared/texts/version-history';
import { longDateTime } from '../components/dates';
import { countByType } from '../editor/tree-ops';
import { changed, diffWords, type DiffPart } from './word-diff';

const t = versionHistoryTexts;
const b = sv.posts.builder;

export interface FieldDiff {
  label: string;
  parts: DiffPart[];
}

export interface BlockDiff {
  id: string;
  /** "Text 2", "Rubrik 1": numbered as the builder numbers them, in the version it is from. */
  name: string;
  state: 'same' | 'changed' | 'added' | 'removed';
  /** The fields that differ (for a new or removed block: every field it has). */
  fields: FieldDiff[];
  /** The text is the same but the markup is not (bold, a link's address). */
  formattingOnly: boolean;
}

export interface AudienceDiff {
  label: string;
  kept: string[];
  added: string[];
  removed: string[];
}

export interface SettingDiff {
  label: string;
  before: string;
  after: string;
}

export interface VersionComparison {
  title: DiffPart[];
  excerpt: DiffPart[];
  blocks: BlockDiff[];
  audience: AudienceDiff[];
  /** Dates and settings that differ. */
  settings: SettingDiff[];
}

/** An html block's text as read: paragraphs and line breaks kept, tags and entities gone. */
export function textOfHtml(html: string): string {
  const separated = html.replace(/<\/(p|li|h[1-6]|div|blockquote|tr)>|<br\s*\/?>/gi, '$&\n');
  const text = new DOMParser().parseFromString(separated, 'text/html').body.textContent ?? '';
  return text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n\s*/g, '\n')
    .trim();
}

/** A block's fields as one compares them: label and text. */
function fieldsOf(block: Block): { label: string; text: string }[] {
  switch (block.type) {
    case 'heading':
      return [
        { label: b.headingText, text: block.props.text },
        { label: b.headingSize, text: format(b.headingSizeOption, { n: block.props.size }) },
      ];
    case 'html':
      return [{ label: b.html, text: textOfHtml(block.props.html) }];
    case 'card':
      return [
        { label: b.cardTitle, text: block.props.title },
        { label: b.cardText, text: block.props.text },
        { label: b.cardImage, text: block.props.imgSrc },
        { label: b.cardButtonLabel, text: block.props.buttonLabel },
        { label: b.cardButtonUrl, text: block.props.buttonUrl },
      ];
    case 'col':
      return [{ label: b.cols, text: format(b.colsOption, { n: block.props.cols }) }];
    case 'table':
      return [{ label: b.tableCaption, text: block.props.caption }];
    case 'table-heading':
      return [{ label: b.tableHeadings, text: splitCells(block.props.headings).join(' | ') }];
    case 'table-row':
      return [{ label: b.tableRow, text: splitCells(block.props.items).join(' | ') }];
    case 'image':
      return [
        { label: b.imageSrc, text: block.props.imgSrc },
        { label: b.imageAlt, text: block.props.alt },
        { label: b.imageCaption, text: block.props.caption },
      ];
    case 'tool':
      return [{ label: b.toolIds, text: parseToolIds(block.props.toolIds).join(', ') }];
    case 'video':
      return [{ label: b.videoSrc, text: block.props.videoSrc }];
    case 'row':
      return [];
  }
}

interface FlatBlock {
  block: Block;
  name: string;
}

function flatten(tree: readonly Block[]): FlatBlock[] {
  const numbers = countByType(tree);
  const list: FlatBlock[] = [];
  const walk = (blocks: readonly Block[]) => {
    for (const block of blocks) {
      list.push({
        block,
        name: format(b.blockN, {
          name: sv.blocks.names[block.type],
          n: numbers.get(block.id) ?? 1,
        }),
      });
      walk(block.children);
    }
  };
  walk(tree);
  return list;
}

const whole = (kind: 'added' | 'removed', { block, name }: FlatBlock): BlockDiff => ({
  id: block.id,
  name,
  state: kind,
  fields: fieldsOf(block)
    .filter((field) => field.text !== '')
    .map((field) => ({ label: field.label, parts: [{ kind, text: field.text }] })),
  formattingOnly: false,
});

function compareBlock(older: Block, newer: FlatBlock): BlockDiff {
  const before = fieldsOf(older);
  const fields = fieldsOf(newer.block)
    .map((field, index) => ({
      label: field.label,
      parts: diffWords(before[index]?.text ?? '', field.text),
    }))
    .filter((field) => changed(field.parts));
  const propsDiffer = JSON.stringify(older.props) !== JSON.stringify(newer.block.props);
  return {
    id: newer.block.id,
    name: newer.name,
    state: fields.length > 0 || propsDiffer ? 'changed' : 'same',
    fields,
    formattingOnly: fields.length === 0 && propsDiffer,
  };
}

/**
 * The blocks of two versions side by side, in the newer one's order: a block
 * is the same block when its id is (moving it keeps its id), one only the
 * older has is removed where it stood, one only the newer has is new.
 */
export function compareBlocks(older: readonly Block[], newer: readonly Block[]): BlockDiff[] {
  const olds = flatten(older);
  const news = flatten(newer);
  const oldIndex = new Map(olds.map((entry, index) => [entry.block.id, index]));
  const newIds = new Set(news.map((entry) => entry.block.id));
  const result: BlockDiff[] = [];
  let next = 0;
  const removedUpTo = (end: number) => {
    for (; next < end; next += 1) {
      const entry = olds[next]!;
      if (!newIds.has(entry.block.id)) result.push(whole('removed', entry));
    }
  };
  for (const entry of news) {
    const index = oldIndex.get(entry.block.id);
    if (index === undefined) {
      result.push(whole('added', entry));
      continue;
    }
    removedUpTo(index + 1);
    result.push(compareBlock(olds[index]!.block, entry));
  }
  removedUpTo(olds.length);
  return result;
}

function compareNamed(
  label: string,
  before: readonly { id: number; name: string }[],
  after: readonly { id: number; name: string }[],
): AudienceDiff {
  const beforeIds = new Set(before.map((item) => item.id));
  const afterIds = new Set(after.map((item) => item.id));
  return {
    label,
    kept: after.filter((item) => beforeIds.has(item.id)).map((item) => item.name),
    added: after.filter((item) => !beforeIds.has(item.id)).map((item) => item.name),
    removed: before.filter((item) => !afterIds.has(item.id)).map((item) => item.name),
  };
}

const yesNo = (value: boolean) => (value ? t.yes : t.no);

/** The dates and settings one reads a version by, in words. */
function settingsOf(version: VersionResponse): [string, string][] {
  const { post } = version;
  return [
    [t.status, sv.content.statuses[version.status]],
    [t.address, post.url ?? post.slug],
    [t.publishedDate, longDateTime(post.publishedDate)],
    [t.unpublishedDate, longDateTime(post.unpublishedDate)],
    [t.authoredDate, longDateTime(post.authoredDate)],
    [t.requiresAcknowledgement, yesNo(post.requiresAcknowledgement)],
    [t.acknowledgeBy, longDateTime(post.acknowledgeBy)],
    [t.allowComments, yesNo(post.allowComments)],
    [t.pseudoAuthor, post.pseudoAuthor ?? ''],
  ];
}

/** What changed from `older` to `newer`: texts word by word, blocks, audience and settings. */
export function compareVersions(older: VersionResponse, newer: VersionResponse): VersionComparison {
  const before = settingsOf(older);
  return {
    title: diffWords(older.post.title, newer.post.title),
    excerpt: diffWords(older.post.excerpt, newer.post.excerpt),
    blocks: compareBlocks(older.post.content, newer.post.content),
    audience: [
      compareNamed(t.nodes, older.audience.nodes, newer.audience.nodes),
      compareNamed(t.categories, older.audience.categories, newer.audience.categories),
      compareNamed(t.users, older.audience.users, newer.audience.users),
      compareNamed(t.editors, older.audience.editors, newer.audience.editors),
    ],
    settings: settingsOf(newer)
      .map(([label, after], index) => ({ label, before: before[index]![1], after }))
      .filter((setting) => setting.before !== setting.after),
  };
}
