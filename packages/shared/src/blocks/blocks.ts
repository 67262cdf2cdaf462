import { layout } from '../constants';
import { splitCells } from './block-values';
import { isWebAddressOrSitePath } from '../content/link-target';
import { sv } from '../texts/sv';
import { format } from '../texts/format';
import { z } from '../schemas/zod-sv';

/**
 * The page builder's block tree (spec §3 "Page builder blocks", "Block
 * properties", "Allowed children"). One definition serves the editor in the
 * browser and the server's validation on write.
 */
export const blockTypes = [
  'heading',
  'html',
  'card',
  'row',
  'col',
  'table',
  'table-heading',
  'table-row',
  'image',
  'tool',
  'video',
] as const;
export type BlockType = (typeof blockTypes)[number];

/** Spec §3 "Allowed children"; every other block is a leaf. */
export const allowedChildren: Record<BlockType, readonly BlockType[]> = {
  row: ['col'],
  col: ['card', 'row', 'heading', 'html', 'table', 'image'],
  table: ['table-heading', 'table-row'],
  heading: [],
  html: [],
  card: [],
  'table-heading': [],
  'table-row': [],
  image: [],
  tool: [],
  video: [],
};

/** What may stand at the top of a post's content: everything that needs no parent. */
export const rootChildren: readonly BlockType[] = [
  'heading',
  'html',
  'card',
  'row',
  'table',
  'image',
  'tool',
  'video',
];

export function canContain(parent: BlockType | 'root', child: BlockType): boolean {
  return parent === 'root' ? rootChildren.includes(child) : allowedChildren[parent].includes(child);
}

export const blockLimits = {
  /** Nodes in one post's tree; a page far beyond this is a mistake or an attack. */
  maxNodes: 400,
  maxDepth: 8,
  htmlMax: 100_000,
  textMax: 500,
  urlMax: 2000,
  tableCellsMax: 2000,
  toolIdsMax: 50,
} as const;

export type ColumnSize = (typeof layout.columnSizes)[number];
export type HeadingSize = (typeof layout.headingSizes)[number];

export interface BlockPropsByType {
  heading: { text: string; size: HeadingSize };
  html: { html: string };
  card: { title: string; text: string; imgSrc: string; buttonLabel: string; buttonUrl: string };
  row: Record<string, never>;
  col: { cols: ColumnSize };
  table: { caption: string };
  'table-heading': { headings: string };
  'table-row': { items: string };
  image: { imgSrc: string; caption: string; alt: string };
  /** A JSON list of tool (link) ids, as the spec sends it: "[3,7]". */
  tool: { toolIds: string };
  /** `captioned`: the writer notes that the video has captions or subtitles (the frame cannot tell). */
  video: { videoSrc: string; captioned: boolean };
}

/** A CMS node (spec §3 "Other entities": id, type, version, props, children). */
export type Block = {
  [T in BlockType]: {
    id: string;
    type: T;
    version: number;
    props: BlockPropsByType[T];
    children: Block[];
  };
}[BlockType];

export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

/** Defaults of spec §3: heading "Min Rubrik" size 2, col 6. */
export const blockDefaults: { [T in BlockType]: BlockPropsByType[T] } = {
  heading: { text: sv.blocks.defaultHeading, size: 2 },
  html: { html: '' },
  card: { title: '', text: '', imgSrc: '', buttonLabel: '', buttonUrl: '' },
  row: {},
  col: { cols: 6 },
  table: { caption: '' },
  'table-heading': { headings: '' },
  'table-row': { items: '' },
  image: { imgSrc: '', caption: '', alt: '' },
  tool: { toolIds: '[]' },
  video: { videoSrc: '', captioned: false },
};

export const blockVersion = 1;

let fallbackCounter = 0;
/** Ids only need to be unique within one tree; crypto.randomUUID is in browsers and Node. */
export function newBlockId(): string {
  const { crypto } = globalThis as { crypto?: { randomUUID?: () => string } };
  const random = crypto?.randomUUID?.();
  fallbackCounter += 1;
  return random ?? `b${Date.now().toString(36)}${fallbackCounter}`;
}

export function createBlock<T extends BlockType>(
  type: T,
  props: Partial<BlockPropsByType[T]> = {},
  children: Block[] = [],
): BlockOf<T> {
  return {
    id: newBlockId(),
    type,
    version: blockVersion,
    props: { ...blockDefaults[type], ...props },
    children,
  } as unknown as BlockOf<T>;
}

/** Spec §3: "New news and page templates start with one empty html block." */
export function newPostContent(): Block[] {
  return [createBlock('html')];
}

export { flattenBlocks, parseToolIds, splitCells } from './block-values';

const m = sv.validation;
const b = sv.blocks;

const text = (max: number = blockLimits.textMax) => z.string().max(max).default('');
/** A link or image address: http(s), or a path on this site ("/media/…", "/sida/…"). */
const safeUrl = z
  .string()
  .trim()
  .max(blockLimits.urlMax)
  .refine((value) => value === '' || isWebAddressOrSitePath(value), m.url)
  .default('');

const toolIdList = z
  .string()
  .max(blockLimits.toolIdsMax * 12)
  .default('[]')
  .refine((value) => {
    try {
      const parsed: unknown = JSON.parse(value);
      return (
        Array.isArray(parsed) &&
        parsed.length <= blockLimits.toolIdsMax &&
        parsed.every((item) => Number.isInteger(item) && item > 0 && item <= 2_147_483_647)
      );
    } catch {
      return false;
    }
  }, b.toolIdsInvalid);

/** Video frames: https only (the page's CSP decides which hosts may be framed). */
const videoUrl = z
  .string()
  .trim()
  .max(blockLimits.urlMax)
  .refine((value) => value === '' || /^https:\/\/[^\s]+$/i.test(value), b.videoUrl)
  .default('');

export const blockPropsSchemas = {
  heading: z.strictObject({
    text: z.string().trim().min(1, m.required).max(blockLimits.textMax).default(b.defaultHeading),
    size: z
      .number()
      .int()
      .refine((size) => (layout.headingSizes as readonly number[]).includes(size), b.headingSize)
      .default(2),
  }),
  html: z.strictObject({ html: z.string().max(blockLimits.htmlMax).default('') }),
  card: z.strictObject({
    title: text(),
    text: text(2000),
    imgSrc: safeUrl,
    buttonLabel: text(100),
    buttonUrl: safeUrl,
  }),
  row: z.strictObject({}),
  col: z.strictObject({
    cols: z
      .number()
      .int()
      .refine((cols) => (layout.columnSizes as readonly number[]).includes(cols), b.columnSize)
      .default(6),
  }),
  table: z.strictObject({ caption: text(200) }),
  'table-heading': z.strictObject({ headings: text(5000) }),
  'table-row': z.strictObject({ items: text(5000) }),
  image: z.strictObject({ imgSrc: safeUrl, caption: text(), alt: text(200) }),
  tool: z.strictObject({ toolIds: toolIdList }),
  video: z.strictObject({ videoSrc: videoUrl, captioned: z.boolean().default(false) }),
} satisfies Record<BlockType, z.ZodType>;

const rawNode = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  type: z.enum(blockTypes, { message: b.unknownType }),
  version: z.number().int().min(1).max(1000).default(blockVersion),
  props: z.record(z.string(), z.unknown()).default({}),
  get children() {
    return z.array(rawNode).max(blockLimits.maxNodes).default([]);
  },
});
type RawNode = z.output<typeof rawNode>;

/**
 * Validates a whole tree: each node's props against its type, children only
 * where spec §3 allows them, unique ids, node count and depth bounds. Errors
 * name the path (`content.0.children.1.props.cols`) so the editor can point at
 * the block.
 */
export const blockTree = z
  .array(rawNode)
  .max(blockLimits.maxNodes)
  .transform((nodes, ctx): Block[] => {
    const seen = new Set<string>();
    let count = 0;
    let cells = 0;
    const walk = (
      list: RawNode[],
      parent: BlockType | 'root',
      path: (string | number)[],
      depth: number,
    ): Block[] =>
      list.map((node, index) => {
        const here = [...path, index];
        count += 1;
        if (count === blockLimits.maxNodes + 1) {
          ctx.addIssue({
            code: 'custom',
            message: format(b.tooManyBlocks, { n: blockLimits.maxNodes }),
            path: [],
          });
        }
        if (depth > blockLimits.maxDepth) {
          ctx.addIssue({ code: 'custom', message: b.tooDeep, path: here });
        }
        if (seen.has(node.id)) ctx.addIssue({ code: 'custom', message: b.duplicateId, path: here });
        seen.add(node.id);
        if (!canContain(parent, node.type)) {
          ctx.addIssue({
            code: 'custom',
            message: format(b.notAllowedHere, {
              child: b.names[node.type],
              parent: parent === 'root' ? b.rootName : b.names[parent],
            }),
            path: [...here, 'type'],
          });
        }
        const props = blockPropsSchemas[node.type].safeParse(node.props);
        if (!props.success) {
          for (const issue of props.error.issues) {
            ctx.addIssue({
              code: 'custom',
              message: issue.message,
              path: [...here, 'props', ...issue.path.map((key) => key as string | number)],
            });
          }
        }
        if (node.type === 'table-heading' || node.type === 'table-row') {
          const value = String(node.props.headings ?? node.props.items ?? '');
          cells += splitCells(value).length;
          if (cells === blockLimits.tableCellsMax + 1) {
            ctx.addIssue({ code: 'custom', message: b.tooManyCells, path: here });
          }
        }
        return {
          id: node.id,
          type: node.type,
          version: node.version,
          props: props.success ? props.data : blockDefaults[node.type],
          children: walk(node.children, node.type, [...here, 'children'], depth + 1),
        } as Block;
      });
    return walk(nodes, 'root', [], 1);
  });
