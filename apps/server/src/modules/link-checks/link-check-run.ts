import { blockLinks, format, sv, type Block } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import type { JobService } from '../../jobs/job-service';
import { fanOutQueue, queueNotification } from '../notifications/notification-jobs';
import { HostThrottle } from './host-throttle';
import { checkLink, type LinkFetchOptions, type LinkResult } from './link-fetch';
import { linkOwnerOf } from './link-owner';

const t = sv.brokenLinks.notification;
export const linkCheckQueue = 'links.check';

export interface LinkCheckSettings {
  maxLinks: number;
  timeoutMs: number;
  hostIntervalMs: number;
  maxRedirects: number;
  allowPrivate: boolean;
}

export interface LinkCheckDeps {
  db: Database;
  jobs: JobService;
  settings: LinkCheckSettings;
  siteOrigin: string;
  /** Replaces the network in tests that need a failure no local server gives. */
  fetch?: typeof fetch;
}

/** Hosts asked at once; each host still gets one request per interval. */
const workers = 4;
/** Published posts read per query while gathering links. */
const postsPerPage = 500;

/** A PostgreSQL array literal, bound as one parameter (drizzle spreads a JS array into many). */
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;
const textArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/** A web address without its fragment: the same page is asked once. */
function checkedAddress(href: string): string | null {
  if (!/^https?:\/\//i.test(href)) return null;
  try {
    const url = new URL(href);
    url.hash = '';
    return url.toString();
  } catch {
    return null;
  }
}

/** Every (post, address) pair of the published posts, read page by page. */
async function publishedLinks(db: Executor) {
  const pairs: { postId: number; url: string }[] = [];
  let after = 0;
  for (;;) {
    const rows = await rowsOf<{ id: number; content: Block[] }>(
      db,
      sql`select id, content from posts where status = 'publish' and id > ${after}
        order by id limit ${postsPerPage}`,
    );
    for (const row of rows) {
      const urls = new Set(
        blockLinks(row.content ?? [])
          .map((link) => checkedAddress(link.href))
          .filter((url): url is string => url !== null),
      );
      for (const url of urls) pairs.push({ postId: Number(row.id), url });
    }
    if (rows.length < postsPerPage) return pairs;
    after = Number(rows.at(-1)!.id);
  }
}

/** Forgets what no published post links to any more: a post unpublished, a link removed. */
async function forgetGone(db: Executor, pairs: { postId: number; url: string }[]) {
  await db.execute(
    sql`delete from link_checks lc where not exists (
      select 1 from unnest(${intArray(pairs.map((pair) => pair.postId))}::int[],
        ${textArray(pairs.map((pair) => pair.url))}::text[]) as cur(post_id, url)
      where cur.post_id = lc.post_id and cur.url = lc.url)`,
  );
}

/** The addresses to ask this run: never asked first, then the longest unasked, up to the limit. */
async function chooseAddresses(db: Executor, urls: string[], max: number): Promise<string[]> {
  if (urls.length === 0) return [];
  const rows = await rowsOf<{ url: string }>(
    db,
    sql`select cur.url from unnest(${textArray(urls)}::text[]) as cur(url)
      left join (select url, min(checked_at) as checked_at from link_checks group by url) lc
        on lc.url = cur.url
      order by lc.checked_at nulls first, cur.url
      limit ${max}`,
  );
  return rows.map((row) => row.url);
}

/** Hosts taken in turn, so the workers are not all waiting for one host. */
function interleaveByHost(urls: string[]): string[] {
  const byHost = new Map<string, string[]>();
  for (const url of urls) {
    const host = new URL(url).host;
    byHost.set(host, [...(byHost.get(host) ?? []), url]);
  }
  const queues = [...byHost.values()];
  const order: string[] = [];
  for (let round = 0; order.length < urls.length; round += 1) {
    for (const queue of queues) if (round < queue.length) order.push(queue[round]!);
  }
  return order;
}

/**
 * Tells each owner once about the links of their posts newly found broken:
 * under the bell and by mail (notification source `broken-link`), in one
 * transaction with marking them told, so a repeated run tells no one twice.
 */
async function tellOwners(deps: LinkCheckDeps, now: Date) {
  const rows = await rowsOf<{ owner_id: number }>(
    deps.db,
    sql`select distinct ${linkOwnerOf(sql`p`)} as owner_id
      from link_checks lc join posts p on p.id = lc.post_id
      where lc.problem is not null and lc.notified_at is null and ${linkOwnerOf(sql`p`)} is not null`,
  );
  let told = 0;
  for (const { owner_id: ownerId } of rows) {
    told += await deps.db.transaction(async (tx) => {
      const links = await rowsOf<{ id: number; url: string; title: string }>(
        tx,
        sql`select lc.id, lc.url, p.title from link_checks lc join posts p on p.id = lc.post_id
          where lc.problem is not null and lc.notified_at is null
            and ${linkOwnerOf(sql`p`)} = ${ownerId}
          order by p.title, lc.url
          for update of lc skip locked`,
      );
      if (links.length === 0) return 0;
      const shown = links.slice(0, 20);
      const lines = shown.map((link) => format(t.line, { title: link.title, url: link.url }));
      if (links.length > shown.length)
        lines.push(format(t.more, { n: links.length - shown.length }));
      await queueNotification(tx, deps.jobs, {
        subject: format(t.subject, { n: links.length }),
        text: format(t.text, {
          links: lines.join('\n'),
          url: `${deps.siteOrigin.replace(/\/+$/, '')}/profile/broken-links`,
        }),
        audience: { nodeIds: [], categoryIds: [], userIds: [Number(ownerId)] },
        createdBy: null,
        source: 'broken-link',
      });
      await tx.execute(
        sql`update link_checks set notified_at = ${now.toISOString()}::timestamptz
          where id in (${sql.join(
            links.map((link) => sql`${link.id}`),
            sql`, `,
          )})`,
      );
      return 1;
    });
  }
  if (told > 0) deps.jobs.wake(fanOutQueue);
  return told;
}

/**
 * One run of the nightly link check (decision 0046): the http(s) links of
 * published posts, each address asked once — politely, within the limits —
 * and the answer recorded for every post that links to it; then each owner
 * told once about links newly broken.
 */
export async function runLinkCheck(deps: LinkCheckDeps, now: Date) {
  const pairs = await publishedLinks(deps.db);
  await forgetGone(deps.db, pairs);
  const byUrl = new Map<string, number[]>();
  for (const pair of pairs) byUrl.set(pair.url, [...(byUrl.get(pair.url) ?? []), pair.postId]);
  const chosen = interleaveByHost(
    await chooseAddresses(deps.db, [...byUrl.keys()], deps.settings.maxLinks),
  );
  const throttle = new HostThrottle(deps.settings.hostIntervalMs);
  const options: LinkFetchOptions = {
    timeoutMs: deps.settings.timeoutMs,
    maxRedirects: deps.settings.maxRedirects,
    allowPrivate: deps.settings.allowPrivate,
    ownOrigins: [new URL(deps.siteOrigin).origin],
    fetch: deps.fetch,
    beforeRequest: (host) => throttle.wait(host),
  };
  const counts = { checked: 0, broken: 0, skipped: 0 };
  let next = 0;
  const work = async () => {
    while (next < chosen.length) {
      const url = chosen[next++]!;
      const result = await checkLink(url, options);
      await recordFor(deps.db, url, byUrl.get(url) ?? [], result, now);
      if (result.outcome === 'skipped') counts.skipped += 1;
      else counts.checked += 1;
      if (result.outcome === 'broken') counts.broken += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, chosen.length) }, work));
  const told = await tellOwners(deps, now);
  return { ...counts, owners: told };
}

/** The answer for an address, on every post linking to it. */
async function recordFor(
  db: Database,
  url: string,
  postIds: number[],
  result: LinkResult,
  now: Date,
) {
  if (result.outcome === 'skipped') {
    // Not the check's business (private, the portal itself): nothing is said about it.
    await db.execute(sql`delete from link_checks where url = ${url}`);
    return;
  }
  const problem = result.outcome === 'broken' ? result.problem : null;
  const at = now.toISOString();
  await db.execute(
    sql`insert into link_checks (post_id, url, problem, http_status, checked_at, broken_since)
      select id, ${url}, ${problem}, ${result.httpStatus}, ${at}::timestamptz,
        ${problem === null ? null : at}::timestamptz
      from unnest(${intArray(postIds)}::int[]) as cur(id)
      on conflict (post_id, url) do update set
        problem = excluded.problem,
        http_status = excluded.http_status,
        checked_at = excluded.checked_at,
        broken_since = case when excluded.problem is null then null
          else coalesce(link_checks.broken_since, excluded.broken_since) end,
        notified_at = case when excluded.problem is null then null else link_checks.notified_at end`,
  );
}

/** The nightly run, at 02:30 Stockholm time on one instance, when LINK_CHECK_ENABLED. */
export function registerLinkCheck(deps: LinkCheckDeps & { clock: () => Date; enabled: boolean }) {
  deps.jobs.define({
    name: linkCheckQueue,
    // The next night is the retry.
    retryLimit: 0,
    backoff: false,
    expireInSeconds: 4 * 60 * 60,
    handler: () => runLinkCheck(deps, deps.clock()),
  });
  if (deps.enabled) deps.jobs.schedule(linkCheckQueue, '30 2 * * *');
}
