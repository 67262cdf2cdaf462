import { and, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { linkChecks, posts } from '../schema';

/**
 * What the nightly link check (decision 0046) found in the demo the night
 * before: the form Anna's autumn fair links to has moved (404), and she was
 * told. The demo has no internet to ask, so this is the one result it shows
 * under "Trasiga länkar"; the check itself runs only where it is switched on.
 */
export async function seedDemoBrokenLinks(db: Database, now = new Date()) {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.title, 'Höstfest på Ekbackens skola'), eq(posts.status, 'publish')));
  if (!post) return;
  const lastNight = new Date(now.getTime() - 20 * 3600_000);
  await db.insert(linkChecks).values({
    postId: post.id,
    url: 'https://www.exempelby.se/ekbacken/loppis-anmalan',
    problem: 'status',
    httpStatus: 404,
    checkedAt: lastNight,
    brokenSince: new Date(lastNight.getTime() - 2 * 24 * 3600_000),
    notifiedAt: new Date(lastNight.getTime() - 2 * 24 * 3600_000),
  });
}
