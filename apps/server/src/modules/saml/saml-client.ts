import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ConfigError, parseCertificate, type SamlConfig } from '../../config';
import type { Database } from '../../db/client';
import { loadIdpMetadata, type IdpMetadata } from './idp-metadata';
import { metadataSigningCerts, unverifiedMetadataWarning } from './metadata-signature';
import { databaseRequestCache, requestLifetimeMs } from './saml-request-cache';
import { loadServiceProviderKeys } from './sp-keys';

/** A value that is no certificate (a file path, say) would fail every sign-in: it stops the start. */
function checkCertificates(certs: readonly string[]) {
  const unreadable = certs.findIndex((cert) => parseCertificate(cert) === null);
  if (unreadable >= 0) {
    throw new ConfigError(
      `Invalid configuration:\n  SAML_IDP_CERT: certificate ${unreadable + 1} is not an X.509 certificate (give the PEM text or its base64, not a file path; or use SAML_IDP_METADATA_FILE)`,
    );
  }
}

/**
 * What the IdP's metadata says, under what the settings say: a setting given
 * wins, and certificates from both are trusted (a pinned one beside the
 * metadata's during a rollover).
 */
function applyIdp(client: SAML, config: SamlConfig, metadata: IdpMetadata | null) {
  const options = client.options;
  options.entryPoint = config.entryPoint ?? metadata?.signOnUrl;
  options.idpCert = [...new Set([...config.idpCerts, ...(metadata?.signingCerts ?? [])])];
  const issuer = config.idpIssuer ?? metadata?.entityId;
  if (issuer) options.idpIssuer = issuer;
  const logoutUrl = config.logoutUrl ?? metadata?.logoutUrl;
  if (logoutUrl) options.logoutUrl = logoutUrl;
}

/** The IdP's metadata, verified against the federation's certificate when one is set. */
async function readIdpMetadata(config: SamlConfig, entityId: string | undefined) {
  const signers = await metadataSigningCerts(config);
  return loadIdpMetadata(config.metadataSource!, entityId, signers);
}

/**
 * Reads the IdP's metadata again and applies it; on a problem the last good
 * metadata stays in use and the log says why.
 */
export async function refreshIdpMetadata(
  client: SAML,
  config: SamlConfig,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (!config.metadataSource) return false;
  try {
    const fresh = await readIdpMetadata(config, client.options.idpIssuer);
    applyIdp(client, config, fresh);
    log.info({ entityId: fresh.entityId }, 'SAML: IdP metadata refreshed');
    return true;
  } catch (error) {
    log.error(
      { err: error },
      'SAML: IdP metadata could not be refreshed; the last good metadata stays in use',
    );
    return false;
  }
}

/**
 * The portal as a SAML service provider. The assertion must be covered by a
 * valid signature, on itself or on the whole response (both with
 * SAML_REQUIRED_SIGNATURES=both); the portal's key signs its requests and
 * decrypts encrypted assertions. IdP metadata is read at start (a problem
 * stops the server) and again on a schedule (a problem then is logged and the
 * last good metadata kept); with SAML_IDP_METADATA_SIGNING_CERT it must be
 * signed by the federation each time.
 */
export async function startSamlServiceProvider(
  app: FastifyInstance,
  config: SamlConfig,
  db: Database,
): Promise<SAML> {
  checkCertificates(config.idpCerts);
  const keys = await loadServiceProviderKeys(config.spKeys, app.log);
  const source = config.metadataSource;
  const unverified = unverifiedMetadataWarning(config);
  if (unverified) app.log.warn(unverified);
  const metadata = source ? await readIdpMetadata(config, config.idpIssuer) : null;
  const client = new SAML({
    entryPoint: config.entryPoint ?? metadata?.signOnUrl,
    issuer: config.spEntityId,
    audience: config.spEntityId,
    callbackUrl: config.callbackUrl,
    logoutCallbackUrl: config.logoutCallbackUrl,
    idpCert: config.idpCerts,
    publicCert: keys.cert,
    ...(config.signRequests ? { privateKey: keys.privateKey } : {}),
    decryptionPvk: keys.privateKey,
    wantAssertionsSigned: config.bothSigned,
    wantAuthnResponseSigned: config.bothSigned,
    // An IdP-initiated response answers no request of ours; the assertion id still works only once.
    validateInResponseTo: config.idpInitiated
      ? ValidateInResponseTo.ifPresent
      : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: requestLifetimeMs,
    cacheProvider: databaseRequestCache(db),
    acceptedClockSkewMs: config.clockSkewMs,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
  });
  applyIdp(client, config, metadata);

  if (source) {
    // Each instance holds the IdP's keys in memory, so each one refreshes its own copy:
    // a job that ran once across instances would leave the others with the old keys.
    const timer = setInterval(() => {
      void refreshIdpMetadata(client, config, app.log);
    }, config.metadataRefreshMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  return client;
}
