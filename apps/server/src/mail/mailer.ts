import { sv } from '@skolportalen/shared';
import type { Transporter } from 'nodemailer';
import type { MailConfig } from '../config';
import { mails } from '../metrics/metrics';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** What became of one mail: sent, or refused for good (bad address), or to be tried again later. */
export type SendResult =
  | { status: 'sent'; messageId: string }
  | { status: 'rejected'; error: string }
  | { status: 'deferred'; error: string };

export interface Mailer {
  /** False when no SMTP server is configured: mail is only kept in the outbox. */
  readonly delivers: boolean;
  /** One SMTP session for a batch: the pool is closed when `work` is done. */
  session<T>(work: (send: (mail: OutgoingMail) => Promise<SendResult>) => Promise<T>): Promise<T>;
}

interface SmtpError {
  responseCode?: number;
  code?: string;
  message?: string;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A mail server's answer without the recipient in it. Servers quote the
 * address ("550 5.1.1 <anna@exempelby.se>: Recipient address rejected") and
 * some its local part, often the person's name. The answer is kept in the
 * outbox, the mail job's record and the log, where it is read by people who
 * may not see the recipient (decision 0039); the mail's own row still says
 * whom it was for, shown or not by the same rule as the rest of the row.
 */
export function withoutRecipient(text: string, address: string): string {
  const trimmed = address.trim();
  if (!trimmed) return text;
  const at = trimmed.lastIndexOf('@');
  const local = at > 0 ? trimmed.slice(0, at) : '';
  const parts = [trimmed, ...(local.length >= 3 ? [local] : [])].map(escaped);
  // Not inside a longer address or word: the characters an address is made of bound it.
  const pattern = new RegExp(`(?<![\\w.%+-])(?:${parts.join('|')})(?![\\w%+-]|\\.\\w)`, 'giu');
  return text.replace(pattern, sv.notifications.mail.recipient);
}

/**
 * A 5xx answer about this mail (no such mailbox, refused) will not change by
 * trying again, nor will an address the server cannot take at all; a 4xx
 * answer, a lost connection or a timeout might. The answer is kept without
 * the recipient's address.
 */
export function classifySmtpError(error: unknown, to: string): SendResult {
  const smtp = (error ?? {}) as SmtpError;
  const message = withoutRecipient(smtp.message ?? String(error), to).slice(0, 500);
  const permanent =
    typeof smtp.responseCode === 'number' ? smtp.responseCode >= 500 : smtp.code === 'EENVELOPE';
  return permanent
    ? { status: 'rejected', error: message }
    : { status: 'deferred', error: message };
}

export function createMailer(config: MailConfig): Mailer {
  if (!config.smtpUrl) {
    return {
      delivers: false,
      session: async () => {
        throw new Error('no SMTP server is configured');
      },
    };
  }
  const smtpUrl = config.smtpUrl;
  return {
    delivers: true,
    session: async (work) => {
      // Loaded with the first batch: an instance that never sends mail never loads it.
      const { default: nodemailer } = await import('nodemailer');
      // One connection reused for the batch; bounded waits, so a silent server fails the batch.
      const transport: Transporter = nodemailer.createTransport(
        {
          url: smtpUrl,
          pool: true,
          maxConnections: 1,
          requireTLS: config.requireTls,
          connectionTimeout: config.timeoutMs,
          greetingTimeout: config.timeoutMs,
          socketTimeout: config.timeoutMs,
        },
        { from: config.from },
      );
      try {
        return await work(async (mail) => {
          try {
            const info = await transport.sendMail({
              to: mail.to,
              subject: mail.subject,
              text: mail.text,
              headers: { 'Auto-Submitted': 'auto-generated' },
            });
            mails.inc({ result: 'sent' });
            return { status: 'sent', messageId: String(info.messageId ?? '') };
          } catch (error) {
            mails.inc({ result: 'failed' });
            return classifySmtpError(error, mail.to);
          }
        });
      } finally {
        transport.close();
      }
    },
  };
}
