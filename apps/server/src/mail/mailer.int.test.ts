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
