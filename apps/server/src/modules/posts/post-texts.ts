import { postListItem } from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import { responseSerializer } from '../../http/endpoint-routes';
import type { AuthUser } from '../../identity/auth-user.repo';
import type { AcknowledgementReader } from './post-acknowledgement-state';
import {
  presentReaderPart,
  presentSharedPart,
  readerContext,
  type PostReaderPart,
  type ReaderContext,
} from './post-present';
import type { ListedPostRow } from './posts.repo';

/*
 * A page of posts as the JSON text GetPosts answers (issue 31). Most of a
 * post's list item is the same for every reader of the same row: its
 * columns, media, targets and dates. That part is serialised, by the
 * response schema's own fields, once per row the process keeps
 * (posts.repo.ts keeps rows per post until content changes, and hands each
 * reader the kept row's own objects), and only the reader's part is written
 * per request. The item's fields keep the schema's order: the reader's
 * fields lie in three runs among the shared ones, so the shared text is kept
 * as the runs between them.
 *
 * The text is the one the route's serialiser would write for the same
 * answer (post-texts.int.test.ts compares them).
 */

const readerKeys: ReadonlySet<string> = new Set<keyof PostReaderPart>([
  'author',
  'isRead',
  'likes',
  'commentCount',
  'readCount',
  'targetCount',
  'myAcknowledgement',
  'reachedChildren',
  'can',
]);

interface Run {
  /** The reader's fields, or the shared ones. */
  reader: boolean;
  /** Its fields serialised alone (checked by the schema's own fields), without braces. */
  write: (value: unknown) => string;
}

/** The item's fields in the schema's order, cut into runs of shared and of the reader's fields. */
function runsOf(): Run[] {
  const keys = Object.keys(postListItem.shape);
  const runs: { reader: boolean; keys: string[] }[] = [];
  for (const key of keys) {
    const reader = readerKeys.has(key);
    const last = runs.at(-1);
    if (last?.reader === reader) last.keys.push(key);
    else runs.push({ reader, keys: [key] });
  }
  return runs.map((run) => {
    const mask = Object.fromEntries(run.keys.map((key) => [key, true as const]));
    const serialize = responseSerializer(
      // The keys are the schema's own, read from it above: a mask its types cannot follow.
      postListItem.pick(mask as never),
      `a post's ${run.reader ? "reader's" : 'shared'} fields`,
    );
    return { reader: run.reader, write: (value) => serialize(value).slice(1, -1) };
  });
}

const runs = runsOf();

/**
 * Each row's shared runs, by the row's `post` object: a kept row's objects
 * are handed to every reader of it until content changes (posts.repo.ts),
 * and a row read again is new objects.
 */
const sharedTexts = new WeakMap<ListedPostRow['post'], string[]>();

function sharedTextsOf(row: ListedPostRow): string[] {
  let texts = sharedTexts.get(row.post);
  if (!texts) {
    const shared = presentSharedPart(row);
    texts = runs.filter((run) => !run.reader).map((run) => run.write(shared));
    sharedTexts.set(row.post, texts);
  }
  return texts;
}

/** One post's list item as JSON text, for the reader of `context`. */
function itemText(row: ListedPostRow, context: ReaderContext): string {
  const shared = sharedTextsOf(row);
  const own = presentReaderPart(row, context);
  let next = 0;
  const parts = runs.map((run) => (run.reader ? run.write(own) : shared[next++]!));
  return `{${parts.filter((part) => part !== '').join(',')}}`;
}

/** A page of posts in their original language as the JSON text GetPosts answers. */
export async function postsText(
  db: Executor,
  user: AuthUser,
  rows: readonly ListedPostRow[],
  reader?: AcknowledgementReader,
): Promise<string> {
  const context = await readerContext(db, user, rows, reader);
  return `[${rows.map((row) => itemText(row, context)).join(',')}]`;
}
