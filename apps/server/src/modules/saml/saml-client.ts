import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { SamlConfig } from '../../config';
import type { Database } from '../../db/client';
import { databaseRequestCache, requestLifetimeMs } from './saml-request-cache';

/** The portal as a SAML service provider: signed responses and assertions are both required. */
export function createSamlClient(config: SamlConfig, db: Database) {
  return new SAML({
    entryPoint: config.entryPoint,
    issuer: config.spEntityId,
    audience: config.spEntityId,
    callbackUrl: config.callbackUrl,
    idpCert: config.idpCerts,
    ...(config.idpIssuer ? { idpIssuer: config.idpIssuer } : {}),
    ...(config.logoutUrl ? { logoutUrl: config.logoutUrl } : {}),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: true,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: requestLifetimeMs,
    cacheProvider: databaseRequestCache(db),
    acceptedClockSkewMs: config.clockSkewMs,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}
