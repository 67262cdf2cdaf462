import { postUrl, sourceLanguage, sv, urlPrefixByType } from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import { posts } from '../../db/schema';
import type { MailLanguage } from '../notifications/notification-jobs';
import type { ContentLanguages } from './content-languages';
import { translationsForPosts } from './translations.repo';

/**
 * The mail about a post in the recipient's language (issue 27): the
 * translated title as the subject, the translated excerpt and the link, and
 * below them the Swedish original as it would have gone. Plain text, as all
 * the portal's mail; a post without a translation into the language goes in
 * Swedish.
 */
export function postMailLanguage(
  languages: ContentLanguages,
  siteOrigin: string,
  beforeMails?: MailLanguage['beforeMails'],
): MailLanguage {
  return {
    ...(beforeMails ? { beforeMails } : {}),
    async mailIn(db, postId, code, swedish) {
      if (code === sourceLanguage || !languages.find(code)) return null;
      const match = (await translationsForPosts(db, [postId], code)).get(postId);
      if (!match) return null;
      const [post] = await db
        .select({ type: posts.type, slug: posts.slug })
        .from(posts)
        .where(eq(posts.id, postId));
      const path = post ? (postUrl(post.type, post.slug, urlPrefixByType) ?? '/') : '/';
      const url = `${siteOrigin.replace(/\/+$/, '')}${path}`;
      const { title, excerpt } = match.translation;
      const translated = [title, excerpt, url].filter((part) => part.trim() !== '').join('\n\n');
      return {
        subject: title,
        text: `${translated}\n\n---\n${sv.translations.mail.original}\n\n${swedish.subject}\n\n${swedish.text}`,
      };
    },
  };
}
