import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { testConfig } from '../../test/harness';
import { createMailer } from './mailer';

let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(() => inbox.close());

describe('mail headers (ASVS 1.3.11)', () => {
  it('carry a line break in a subject as a space: no header or recipient can be slipped in', async () => {
    const mailer = createMailer(testConfig({ SMTP_URL: inbox.url }).mail);
    const result = await mailer.session((send) =>
      send({
        to: 'anna.larsson@exempelby.se',
        subject: 'Utflykt\r\nBcc: inkraktare@example.com\r\nX-Inkraktare: ja',
        text: 'Hej!\r\n.\r\nRCPT TO:<inkraktare@example.com>',
      }),
    );
    expect(result.status).toBe('sent');
    const [mail] = inbox.messages;
    expect(mail?.to).toEqual(['anna.larsson@exempelby.se']);
    expect(mail?.headers.has('bcc')).toBe(false);
    expect(mail?.headers.has('x-inkraktare')).toBe(false);
    expect(mail?.subject).toBe('Utflykt Bcc: inkraktare@example.com X-Inkraktare: ja');
  });
});

describe('TLS to the mail server (ASVS 12.3.1)', () => {
  it('sends nothing in the clear when STARTTLS is compulsory and the server cannot do it', async () => {
    const config = testConfig({ SMTP_URL: inbox.url }).mail;
    // What the configuration sets for a plain smtp:// server off this host; the test inbox has no STARTTLS.
    const mailer = createMailer({ ...config, requireTls: true });
    const before = inbox.messages.length;
    const result = await mailer.session((send) =>
      send({ to: 'anna.larsson@exempelby.se', subject: 'Hemligt', text: 'Bara över TLS' }),
    );
    expect(result.status).not.toBe('sent');
    expect(inbox.messages).toHaveLength(before);
  });
});
