import { describe, expect, it } from 'vitest';
import { classifySmtpError } from './mailer';

describe('classifySmtpError', () => {
  it('gives up on a 5xx answer and on an address the server cannot take', () => {
    expect(classifySmtpError({ responseCode: 550, message: '550 no such user' }).status).toBe(
      'rejected',
    );
    expect(classifySmtpError({ code: 'EENVELOPE', message: 'No recipients defined' }).status).toBe(
      'rejected',
    );
  });

  it('tries again after a 4xx answer, even for a refused recipient, and after a lost connection', () => {
    expect(
      classifySmtpError({ code: 'EENVELOPE', responseCode: 451, message: '451 later' }).status,
    ).toBe('deferred');
    expect(classifySmtpError({ code: 'ECONNECTION', message: 'refused' })).toEqual({
      status: 'deferred',
      error: 'refused',
    });
    expect(classifySmtpError(new Error('socket hang up')).status).toBe('deferred');
  });
});
