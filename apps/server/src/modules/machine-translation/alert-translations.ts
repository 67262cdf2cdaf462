import { sourceLanguage } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows';
import type { JobService } from '../../jobs/job-service';
import { resolveAudience } from '../notifications/notification-audience.repo';
import { loadTargets } from '../posts/posts.repo';
import { AppError } from '../../http/errors';
import { ensureMachineTranslation, type MachineContext } from './machine-translation.service';

export const alertQueue = 'translation.alerts';

/** The languages, other than Swedish, that people a post reaches read in. */
async function audienceLanguageCodes(ctx: MachineContext, postId: number): Promise<string[]> {
  const targets = await loadTargets(ctx.db, postId);
  const members = await resolveAudience(ctx.db, targets);
  if (members.length === 0) return [];
  const rows = await rowsOf<{ language: string }>(
    ctx.db,
    sql`select distinct preferred_language as language from users
      where id = any(${`{${members.map((member) => member.userId).join(',')}}`}::int[])
        and disabled_at is null and preferred_language <> ${sourceLanguage}`,
  );
  return rows.map((row) => row.language).filter((code) => ctx.languages.find(code));
}

/**
 * A published crisis alert, translated by the provider into every language
 * read in its audience that has no translation yet (a person's stays). One
 * language refused (the budget, the provider) does not stop the others.
 * Answers the languages that failed.
 */
export async function translateAlert(ctx: MachineContext, postId: number): Promise<string[]> {
  if (!ctx.provider) return [];
  const failed: string[] = [];
  for (const code of await audienceLanguageCodes(ctx, postId)) {
    try {
      await ensureMachineTranslation(ctx, postId, code, null);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed.push(code);
      ctx.log.warn({ postId, language: code, code: error.code }, 'crisis alert not translated');
    }
  }
  return failed;
}

/**
 * Before the mails about a post are composed (MailLanguage.beforeMails): a
 * crisis alert is translated into its audience's languages first, so its
 * mails go out in them rather than in Swedish with the translation a minute
 * behind. Other posts go with the translations their editors made.
 */
export function translateAlertBeforeMails(ctx: MachineContext) {
  return async (postId: number) => {
    if (!ctx.provider) return;
    const rows = await rowsOf<{ type: string }>(
      ctx.db,
      sql`select type from posts where id = ${postId}`,
    );
    if (rows[0]?.type === 'alert') await translateAlert(ctx, postId);
  };
}

/** Crisis alerts published in the last day, for the sweep. */
async function recentAlerts(ctx: MachineContext): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    ctx.db,
    sql`select id from posts where type = 'alert' and status = 'publish'
      and coalesce(published_date, created_at) > now() - interval '1 day' order by id`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Crisis alerts reach everyone at once (issue 27): with a provider, each
 * published one is translated into its audience's languages by a job,
 * never in the request. The job runs every minute over the last day's
 * alerts; one already translated costs a query, not a call.
 */
export function registerAlertTranslations(ctx: MachineContext, jobs: JobService) {
  if (!ctx.provider) return;
  jobs.define<{ postId?: number }>({
    name: alertQueue,
    retryLimit: 2,
    backoff: true,
    expireInSeconds: 10 * 60,
    handler: async ({ postId }) => {
      const ids = postId ? [postId] : await recentAlerts(ctx);
      const failed: Record<number, string[]> = {};
      for (const id of ids) {
        const languages = await translateAlert(ctx, id);
        if (languages.length) failed[id] = languages;
      }
      return { alerts: ids.length, failed };
    },
  });
  jobs.schedule(alertQueue, '* * * * *');
}
