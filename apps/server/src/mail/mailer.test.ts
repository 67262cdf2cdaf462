import { sv } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import { classifySmtpError, withoutRecipient } from './mailer';

const to = 'anna.larsson@exempelby.se';

describe('classifySmtpError', () => {
  it('gives up on a 5xx answer and on an address the server cannot take', () => {
    expect(classifySmtpError({ responseCode: 550, message: '550 no such user' }, to).status).toBe(
      'rejected',
    );
    expect(
      classifySmtpError({ code: 'EENVELOPE', message: 'No recipients defined' }, to).status,
    ).toBe('rejected');
  });

  it('tries again after a 4xx answer, even for a refused recipient, and after a lost connection', () => {
    expect(
      classifySmtpError({ code: 'EENVELOPE', responseCode: 451, message: '451 later' }, to).status,
    ).toBe('deferred');
    expect(classifySmtpError({ code: 'ECONNECTION', message: 'refused' }, to)).toEqual({
      status: 'deferred',
      error: 'refused',
    });
    expect(classifySmtpError(new Error('socket hang up'), to).status).toBe('deferred');
  });

  it('keeps the answer without the recipient’s address', () => {
    const answer = classifySmtpError(
      {
        responseCode: 550,
        message: `Can't send mail - all recipients were rejected: 550 5.1.1 <Anna.Larsson@Exempelby.se>: Recipient address rejected`,
      },
      to,
    );
    expect(answer).toEqual({
      status: 'rejected',
      error: `Can't send mail - all recipients were rejected: 550 5.1.1 <${sv.notifications.mail.recipient}>: Recipient address rejected`,
    });
  });
});

describe('withoutRecipient', () => {
  const recipient = sv.notifications.mail.recipient;

  it('leaves out the address and its local part, whatever their case', () => {
    expect(withoutRecipient(`550 ${to}... User unknown`, to)).toBe(
      `550 ${recipient}... User unknown`,
    );
    expect(withoutRecipient('550 user ANNA.LARSSON not found', to)).toBe(
      `550 user ${recipient} not found`,
    );
  });

  it('leaves other words and other addresses alone', () => {
    expect(withoutRecipient('450 anna.larssons mailbox is full', to)).toBe(
      '450 anna.larssons mailbox is full',
    );
    expect(withoutRecipient('550 <ola.anna.larsson@exempelby.se> unknown', to)).toBe(
      '550 <ola.anna.larsson@exempelby.se> unknown',
    );
    expect(withoutRecipient('421 try later', 'a@b.se')).toBe('421 try later');
  });
});
