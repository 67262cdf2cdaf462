import { sourceLanguage, type AudienceLanguages } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import type { AuthUser } from '../../identity/auth-user.repo';
import { authorize } from '../../identity/authorize';
import { resolveAudience } from '../notifications/notification-audience.repo';
import { accessFacts } from '../posts/post-present';
import { postsPolicy } from '../posts/posts.policy';
import type { DetailedPostRow } from '../posts/posts.repo';
import type { ContentLanguages } from './content-languages';
import { sourceHashOf } from './translation-texts';
import { translationsOfPost } from './translations.repo';

/** The readers whose language a translation is for: guardians and pupils. */
const readerRoles = ['role_caretaker', 'role_student'];

/**
 * GET /post/{id}/audience-languages: how many of the guardians and pupils a
 * post reaches read in each language, by the rule its notification follows
 * (decision 0011). Counts only: no one is named, protected people are
 * counted like everyone else.
 */
export async function audienceLanguages(
  db: Executor,
  languages: ContentLanguages,
  user: AuthUser,
  post: DetailedPostRow,
): Promise<AudienceLanguages> {
  authorize(user, postsPolicy.edit, accessFacts(post));
  const members = await resolveAudience(db, {
    nodeIds: post.nodeIds,
    categoryIds: post.categoryIds,
    userIds: post.userIds,
  });
  const ids = members.map((member) => member.userId);
  const counts =
    ids.length === 0
      ? []
      : await rowsOf<{ language: string; n: number }>(
          db,
          sql`select u.preferred_language as language, count(*)::int as n
            from users u
            where u.id = any(${`{${ids.join(',')}}`}::int[])
              and u.disabled_at is null
              and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                where ur.user_id = u.id and r.key in (${sql.join(
                  readerRoles.map((key) => sql`${key}`),
                  sql`, `,
                )}))
            group by u.preferred_language`,
        );
  const translations = await translationsOfPost(db, post.post.id);
  const hash = sourceHashOf({
    title: post.post.title,
    excerpt: post.post.excerpt,
    content: post.content,
  });
  const stateOf = (code: string) => {
    if (code === sourceLanguage) return 'source' as const;
    const row = translations.find((item) => item.translation.language === code);
    if (!row) return 'none' as const;
    return row.translation.sourceHash === hash ? ('current' as const) : ('outdated' as const);
  };
  // A language no longer offered is read in Swedish.
  const byCode = new Map<string, number>();
  for (const row of counts) {
    const code = languages.find(row.language) ? row.language : sourceLanguage;
    byCode.set(code, (byCode.get(code) ?? 0) + Number(row.n));
  }
  return {
    postId: post.post.id,
    total: [...byCode.values()].reduce((sum, n) => sum + n, 0),
    languages: [...byCode]
      .map(([code, count]) => ({ ...languages.find(code)!, count, translation: stateOf(code) }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
  };
}
