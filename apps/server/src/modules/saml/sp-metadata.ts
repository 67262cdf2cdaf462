import type { SamlConfig } from '../../config';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

const bareBase64 = (pem: string) =>
  pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

const bindings = {
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
};

function keyDescriptor(use: 'signing' | 'encryption', cert: string) {
  const encryptionMethods =
    use === 'encryption'
      ? [
          'http://www.w3.org/2009/xmlenc11#aes256-gcm',
          'http://www.w3.org/2009/xmlenc11#aes128-gcm',
          'http://www.w3.org/2001/04/xmlenc#aes256-cbc',
          'http://www.w3.org/2001/04/xmlenc#aes128-cbc',
        ]
          .map((algorithm) => `\n      <md:EncryptionMethod Algorithm="${algorithm}"/>`)
          .join('')
      : '';
  return `
    <md:KeyDescriptor use="${use}">
      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${bareBase64(cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>${encryptionMethods}
    </md:KeyDescriptor>`;
}

/**
 * The portal's SAML metadata, as a federation registers it: where the IdP
 * posts its answers and sends logouts, the keys it checks our signatures with
 * and encrypts to, which NameID we want, who runs the service, and until when
 * the document holds.
 */
export function serviceProviderMetadata(
  config: SamlConfig,
  /** The portal's certificate, PEM. */
  cert: string,
  now = new Date(),
): string {
  const validUntil = new Date(now.getTime() + config.metadataValidMs).toISOString();
  const organization = config.organization
    ? `
  <md:Organization>
    <md:OrganizationName xml:lang="sv">${escapeXml(config.organization.name)}</md:OrganizationName>
    <md:OrganizationDisplayName xml:lang="sv">${escapeXml(config.organization.name)}</md:OrganizationDisplayName>
    <md:OrganizationURL xml:lang="sv">${escapeXml(config.organization.url)}</md:OrganizationURL>
  </md:Organization>`
    : '';
  const contact = config.contact
    ? `
  <md:ContactPerson contactType="technical">${
    config.contact.name
      ? `\n    <md:GivenName>${escapeXml(config.contact.name)}</md:GivenName>`
      : ''
  }
    <md:EmailAddress>mailto:${escapeXml(config.contact.email)}</md:EmailAddress>
  </md:ContactPerson>`
    : '';
  const slo = escapeXml(config.logoutCallbackUrl);
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(config.spEntityId)}" validUntil="${validUntil}">
  <md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" AuthnRequestsSigned="${config.signRequests}" WantAssertionsSigned="${config.bothSigned}">${keyDescriptor('signing', cert)}${keyDescriptor('encryption', cert)}
    <md:SingleLogoutService Binding="${bindings.redirect}" Location="${slo}"/>
    <md:SingleLogoutService Binding="${bindings.post}" Location="${slo}"/>
    <md:NameIDFormat>${escapeXml(config.nameIdFormat)}</md:NameIDFormat>
    <md:AssertionConsumerService index="0" isDefault="true" Binding="${bindings.post}" Location="${escapeXml(config.callbackUrl)}"/>
  </md:SPSSODescriptor>${organization}${contact}
</md:EntityDescriptor>
`;
}
