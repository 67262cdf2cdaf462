/**
 * The plans of the start page's post statements at 100,000 and 1,000,000
 * posts (issue 31, decision 0050): for the bench pupil and the bench teacher,
 * each list of the first screen (must-read, notices, placed pages, the first
 * page of news) is read and counted through the posts module while the
 * driver notes what it is sent, and each statement is then explained
 * (ANALYZE, BUFFERS) as PostgreSQL runs it: the feed's statements with their
 * one generic plan, everything else planned for its values.
 *
 * `npm run bench:feed-plans -w bench` with BENCH_DATABASE_URL. The 100,000
 * database is `npm run bench`'s (skolportalen_bench_posts) and the 1,000,000
 * one `bench:flat`'s (skolportalen_bench_flat_1000000); a missing one is
 * seeded. Writes bench/results/feed-plans.md.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  mustReadRequest,
  newsFeedRequest,
  placementRequest,
  startNoticesRequest,
} from '@skolportalen/shared/start-page';
import type { GetPostsRequest, PostType, SortTerm } from '@skolportalen/shared';
import { createDatabase } from '../apps/server/src/db/client';
import { loadPostAudience } from '../apps/server/src/modules/audience/audience.repo';
import { countPosts, listPostsPage } from '../apps/server/src/modules/posts/post-feed.repo';
import type { PostFilters, PostSortColumn } from '../apps/server/src/modules/posts/posts.repo';
import { startServer, stopServer } from './bench-server';
import { recording, type CapturedQuery } from './ceilings';
import { benchPupil, benchUser, seedMunicipality } from './municipality-seed';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL names the PostgreSQL server');
const port = 3206;

const databases = [
  { posts: 100_000, name: 'skolportalen_bench_posts' },
  { posts: 1_000_000, name: 'skolportalen_bench_flat_1000000' },
];
const lists = {
  'must-read': mustReadRequest,
  notices: startNoticesRequest,
  'placed pages': placementRequest,
  'news, first page': newsFeedRequest(1),
};

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function ensureSeeded(name: string, posts: number) {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const exists = await withClient(serverUrl!, async (admin) => {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 1) return true;
    await admin.query(`create database ${name}`);
    return false;
  });
  if (!exists) {
    // The first start migrates; then the municipality is written straight in SQL.
    await stopServer(await startServer(port, { DATABASE_URL: url.toString() }));
    await withClient(url.toString(), (client) =>
      seedMunicipality((sql) => client.query(sql), posts),
    );
  }
  return url.toString();
}

/** GetPosts' filters and sort for the first screen's plain requests (post-lists.service.ts). */
function filtersOf(body: GetPostsRequest): PostFilters {
  return {
    types: body.type as PostType[] | undefined,
    statuses: ['publish'],
    pagePlacements: body.pagePlacement as PostFilters['pagePlacements'],
    mustRead: body.mustRead as PostFilters['mustRead'],
  };
}

const sortOf = (body: GetPostsRequest) =>
  (body.sort ?? '').split(',').map((term) => {
    const [column, direction] = term.trim().split(/\s+/);
    return { column, direction } as SortTerm<PostSortColumn>;
  });

/** The statements one reader's first-screen post lists send, in order. */
async function statementsOf(url: string, username: string) {
  const calls: CapturedQuery[] = [];
  await recording(async (recorder) => {
    const handle = await createDatabase({ kind: 'postgres', url });
    try {
      const [user] = (
        await handle.executeSql('select id from users where username = $1', [username])
      ).rows as { id: number }[];
      const audience = await loadPostAudience(handle.db, Number(user!.id));
      const viewer = { audience, listAll: false };
      for (const body of Object.values(lists)) {
        const filters = filtersOf(body);
        const sort = sortOf(body);
        if (!filters.mustRead) {
          await listPostsPage(handle.db, viewer, filters, sort, {
            page: Number(body.page ?? 1),
            perPage: Number(body.perPage ?? 10),
          });
          await countPosts(handle.db, viewer, filters);
        }
      }
      calls.push(...recorder.calls.filter((call) => /\bposts\b|post_feed/.test(call.text)));
    } finally {
      await handle.close();
    }
  });
  return calls;
}

/** The feed's named statements, which the server plans once per connection. */
const plannedOnce = (call: CapturedQuery) => call.name?.startsWith('posts_feed_') === true;

async function explain(url: string, call: CapturedQuery) {
  return withClient(url, async (client) => {
    // The feed's statements run with their generic plan (db/client.ts `plannedOnce`).
    if (plannedOnce(call)) await client.query('set plan_cache_mode = force_generic_plan');
    const result = await client.query(
      `explain (analyze, buffers, timing off) ${call.text}`,
      call.values,
    );
    return result.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']);
  });
}

const timeOf = (plan: string[], label: string) =>
  Number(plan.find((line) => line.startsWith(label))?.replace(/[^\d.]/g, '') ?? NaN);

const report: string[] = [
  "# The start page's post statements at 100,000 and 1,000,000 posts",
  '',
  '`npm run bench:feed-plans -w bench` (PostgreSQL 15, the bench municipality).',
  "Each statement as the posts module sends it for the first screen's lists",
  '(notices, placed pages, the first page of news; must-read is read apart),',
  "explained with ANALYZE and BUFFERS. The feed's statements run with their",
  'one generic plan, which the server makes once per connection ("once"); the',
  'others are planned for their values at every execution. Every count is',
  'explained, though the server makes one only for a full page: a page short',
  'of full gives the total itself (the notices and placed pages always do).',
  '',
  '| posts | reader | statement | planning ms | execution ms | shared buffers hit |',
  '|---:|---|---|---:|---:|---:|',
];
const plans: string[] = [];
for (const { posts, name } of databases) {
  const url = await ensureSeeded(name, posts);
  for (const username of [benchPupil, benchUser]) {
    for (const call of await statementsOf(url, username)) {
      const plan = await explain(url, call);
      const kind = plannedOnce(call)
        ? 'feed page (feed table)'
        : call.text.startsWith('select count')
          ? call.text.includes('from (select pf.post_id')
            ? 'count (feed table)'
            : 'count (filtered)'
          : 'page (filtered)';
      const buffers = /shared hit=(\d+)/.exec(plan.find((line) => line.includes('Buffers')) ?? '');
      report.push(
        // EXPLAIN plans each time; the server plans a named statement once per connection.
        `| ${posts.toLocaleString('en')} | ${username} | ${kind} | ${timeOf(plan, 'Planning Time')}${plannedOnce(call) ? ' (once)' : ''} | ${timeOf(plan, 'Execution Time')} | ${buffers?.[1] ?? ''} |`,
      );
      plans.push(
        `### ${posts.toLocaleString('en')} posts, ${username}: ${kind}`,
        '',
        '```',
        ...plan,
        '```',
        '',
      );
    }
  }
}
const out = [...report, '', '## The plans', '', ...plans].join('\n');
writeFileSync(path.join(import.meta.dirname, 'results', 'feed-plans.md'), `${out}\n`);
console.log(report.join('\n'));
