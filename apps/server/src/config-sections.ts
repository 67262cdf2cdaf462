import { X509Certificate } from 'node:crypto';
import path from 'node:path';
import { smtpRequiresStartTls } from './backend-tls';
import type { EnvValues } from './config-env';

/** The configuration of the portal's integrations, built from the parsed environment (config.ts). */

export function mailConfig(values: EnvValues) {
  const host = values.PUBLIC_URL ? new URL(values.PUBLIC_URL).hostname : 'skolportalen.local';
  return {
    smtpUrl: values.SMTP_URL ?? null,
    /** STARTTLS or no mail at all: the server is off this host and TLS is required. */
    requireTls: values.SMTP_URL ? smtpRequiresStartTls(values.SMTP_URL, values.BACKEND_TLS) : false,
    from: values.MAIL_FROM ?? `Skolportalen <noreply@${host}>`,
    batchSize: values.MAIL_BATCH_SIZE,
    timeoutMs: values.SMTP_TIMEOUT_MS,
    /** Links in mail point here (the profile, where mail can be turned off). */
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
  };
}

export type MailConfig = ReturnType<typeof mailConfig>;

/** A certificate as the IdP gives it: PEM, or the bare base64 of metadata. */
export function parseCertificate(text: string): X509Certificate | null {
  const base64 = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(base64)) return null;
  try {
    return new X509Certificate(Buffer.from(base64, 'base64'));
  } catch {
    return null;
  }
}

export function samlConfig(values: EnvValues, dataDir: string) {
  const metadataSource = values.SAML_IDP_METADATA_URL
    ? ({ kind: 'url', location: values.SAML_IDP_METADATA_URL } as const)
    : values.SAML_IDP_METADATA_FILE
      ? ({ kind: 'file', location: values.SAML_IDP_METADATA_FILE } as const)
      : null;
  if (!values.SAML_ENTRY_POINT && !metadataSource) return null;
  if (!values.SAML_IDP_CERT && !metadataSource) {
    throw new ConfigError(
      'Invalid configuration:\n  SAML_IDP_CERT: required when SAML_ENTRY_POINT is set without SAML_IDP_METADATA_URL or SAML_IDP_METADATA_FILE',
    );
  }
  if (values.SAML_IDP_METADATA_SIGNING_CERT && !metadataSource) {
    throw new ConfigError(
      'Invalid configuration:\n  SAML_IDP_METADATA_SIGNING_CERT: needs SAML_IDP_METADATA_URL or SAML_IDP_METADATA_FILE (the metadata it verifies)',
    );
  }
  if (Boolean(values.SAML_SP_KEY_FILE) !== Boolean(values.SAML_SP_CERT_FILE)) {
    throw new ConfigError(
      'Invalid configuration:\n  SAML_SP_KEY_FILE: give both SAML_SP_KEY_FILE and SAML_SP_CERT_FILE, or neither',
    );
  }
  const publicUrl = values.PUBLIC_URL ?? `http://localhost:${values.PORT}`;
  const samlBase = `${publicUrl}/api/portal-service/v1/saml`;
  return {
    /** Settings given here win over the metadata's. */
    entryPoint: values.SAML_ENTRY_POINT,
    idpCerts: (values.SAML_IDP_CERT ?? '')
      .split('|')
      .map((cert) => cert.trim())
      .filter(Boolean),
    idpIssuer: values.SAML_IDP_ISSUER,
    logoutUrl: values.SAML_LOGOUT_URL,
    metadataSource,
    /** PEM, base64 or a file path; read with the metadata (metadata-signature.ts). */
    metadataSigningCert: values.SAML_IDP_METADATA_SIGNING_CERT ?? null,
    metadataRefreshMs: values.SAML_IDP_METADATA_REFRESH_HOURS * 3600_000,
    spEntityId: values.SAML_SP_ENTITY_ID ?? `${samlBase}/metadata`,
    callbackUrl: `${samlBase}/acs`,
    logoutCallbackUrl: `${samlBase}/slo`,
    spKeys: values.SAML_SP_KEY_FILE
      ? ({
          kind: 'files',
          keyFile: values.SAML_SP_KEY_FILE,
          certFile: values.SAML_SP_CERT_FILE!,
        } as const)
      : ({ kind: 'generated', dir: path.join(dataDir, 'saml') } as const),
    signRequests: values.SAML_SIGN_REQUESTS,
    bothSigned: values.SAML_REQUIRED_SIGNATURES === 'both',
    idpInitiated: values.SAML_IDP_INITIATED,
    userAttribute: values.SAML_USER_ATTRIBUTE,
    userIdIgnoreCase: values.SAML_USER_ID_IGNORE_CASE,
    userIdScope: values.SAML_USER_ID_SCOPE ?? null,
    nameIdFormat: values.SAML_NAMEID_FORMAT,
    organization: values.SAML_ORGANIZATION_NAME
      ? { name: values.SAML_ORGANIZATION_NAME, url: values.SAML_ORGANIZATION_URL ?? publicUrl }
      : null,
    contact: values.SAML_CONTACT_EMAIL
      ? { name: values.SAML_CONTACT_NAME ?? null, email: values.SAML_CONTACT_EMAIL }
      : null,
    metadataValidMs: values.SAML_METADATA_VALID_DAYS * 24 * 3600_000,
    clockSkewMs: values.SAML_CLOCK_SKEW_MS,
    label: values.SAML_LABEL,
  };
}

export function documentsConfig(values: EnvValues, dataDir: string) {
  if (values.DOCUMENTS_PROVIDER === 'alfresco' && !values.ALFRESCO_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  ALFRESCO_URL: required when DOCUMENTS_PROVIDER is alfresco',
    );
  }
  return {
    provider: values.DOCUMENTS_PROVIDER,
    storageDir: path.join(dataDir, 'documents'),
    maxUploadBytes: values.DOCUMENTS_MAX_UPLOAD_BYTES,
    alfresco: values.ALFRESCO_URL
      ? {
          url: values.ALFRESCO_URL.replace(/\/+$/, ''),
          username: values.ALFRESCO_USERNAME ?? null,
          password: values.ALFRESCO_PASSWORD ?? null,
          timeoutMs: values.ALFRESCO_TIMEOUT_MS,
        }
      : null,
  };
}

export function fileStorageConfig(values: EnvValues) {
  if (values.FILE_STORAGE === 'disk') return { kind: 'disk' } as const;
  const missing = (
    ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
  ).filter((name) => !values[name]);
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when FILE_STORAGE is s3`).join('\n')}`,
    );
  }
  return {
    kind: 's3',
    prefix: values.S3_PREFIX,
    s3: {
      endpoint: values.S3_ENDPOINT!,
      bucket: values.S3_BUCKET!,
      region: values.S3_REGION,
      accessKeyId: values.S3_ACCESS_KEY_ID!,
      secretAccessKey: values.S3_SECRET_ACCESS_KEY!,
      timeoutMs: values.S3_TIMEOUT_MS,
    },
  } as const;
}

export type FileStorageConfig = ReturnType<typeof fileStorageConfig>;

export type SamlConfig = NonNullable<ReturnType<typeof samlConfig>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}
