import { describe, expect, it } from 'vitest';
import { likelyCause, SsoError } from './saml-login.service';

describe('what the log says about a refused SAML response', () => {
  it.each([
    ['Invalid signature', /sign the assertion or the response .*SAML_IDP_CERT/],
    ['SignatureMethod http://www.w3.org/2000/09/xmldsig#rsa-sha1', /SHA-1: set it to SHA-256/],
    ['SAML assertion audience mismatch. Expected: x Received: y', /SAML_SP_ENTITY_ID/],
    ['wrong Recipient', /assertion consumer URL \(PUBLIC_URL\)/],
    ['InResponseTo is missing from response', /SAML_IDP_INITIATED/],
    ['wrong assertion Issuer', /SAML_IDP_ISSUER/],
    ['SAML assertion expired: clocks skewed too much', /SAML_CLOCK_SKEW_MS/],
  ])('%s', (detail, cause) => {
    expect(likelyCause(new SsoError('invalid', detail))).toMatch(cause);
  });

  it('names the setting itself for a refusal that is a setting', () => {
    const missing = new SsoError(
      'misconfigured',
      'the assertion has no attribute uid (SAML_USER_ATTRIBUTE); it has: upn',
    );
    expect(likelyCause(missing)).toBe(missing.message);
  });
});
