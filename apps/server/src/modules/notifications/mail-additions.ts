import type { Database } from '../../db/client';

/** What a mail addition knows of the moment it is asked. */
export interface MailAdditionContext {
  now: Date;
  /** The portal's address, for links in mail. */
  publicUrl: string;
}

/**
 * Text made for one mail's recipient as the mail goes out, and added above
 * its footer: what must be made then and kept nowhere — a personal link whose
 * secret the portal stores only as a hash (decision 0040). A module offers an
 * addition; the API mount hands it to the notifications
 * (api/portal-service-v1.ts), which know no module that offers one.
 *
 * With no SMTP server the outbox is where mail is read (the demo,
 * development): the kept mail is written out with its addition, as it would
 * have been sent.
 */
export interface MailAddition {
  /** The text to add to each mail that carries one, by mail id; the rest are left out. */
  forMails(
    db: Database,
    mailIds: readonly number[],
    context: MailAdditionContext,
  ): Promise<Map<number, string>>;
}

/** Every addition's text for the mails, joined per mail. */
export async function additionsFor(
  additions: readonly MailAddition[],
  db: Database,
  mailIds: readonly number[],
  context: MailAdditionContext,
): Promise<Map<number, string>> {
  const joined = new Map<number, string>();
  if (mailIds.length === 0) return joined;
  for (const addition of additions) {
    for (const [id, text] of await addition.forMails(db, mailIds, context)) {
      const before = joined.get(id);
      joined.set(id, before ? `${before}\n\n${text}` : text);
    }
  }
  return joined;
}

/** The signature separator every portal mail's footer begins with (notification-jobs.ts `mailText`). */
const footerSeparator = '\n\n-- \n';

/** The mail's text with the addition above its footer (at its end when it has none). */
export function withAddition(body: string, addition: string | undefined): string {
  if (!addition) return body;
  const at = body.lastIndexOf(footerSeparator);
  if (at === -1) return `${body.trimEnd()}\n\n${addition}\n`;
  return `${body.slice(0, at).trimEnd()}\n\n${addition}${body.slice(at)}`;
}
