import { BlockList, isIP } from 'node:net';

/**
 * ASVS 12.3.1: what the portal connects to leaves this host only over TLS.
 * Each address is checked as its client reads it; an address on this host
 * (loopback or a Unix socket) never crosses a network and may stay plain.
 * `BACKEND_TLS=optional` lifts the rule for a private network the operator
 * vouches for.
 *
 * CLAMAV_URL is not checked: clamd speaks only plain TCP (INSTREAM has no
 * TLS), so it belongs on the same host or a private network segment.
 */
type Kind = 'postgres' | 'redis' | 'https' | 'smtp';

const backends: { variable: string; kind: Kind }[] = [
  { variable: 'DATABASE_URL', kind: 'postgres' },
  { variable: 'MIGRATION_DATABASE_URL', kind: 'postgres' },
  { variable: 'REDIS_URL', kind: 'redis' },
  { variable: 'S3_ENDPOINT', kind: 'https' },
  { variable: 'ALFRESCO_URL', kind: 'https' },
  { variable: 'SS12000_API_URL', kind: 'https' },
  // Post texts go there to be translated (issue 27).
  { variable: 'TRANSLATION_URL', kind: 'https' },
  // The municipality's log system (decision 0022); checked once the configuration reads it.
  { variable: 'AUDIT_EXPORT_URL', kind: 'https' },
  // The portal never calls the IdP, but the browser carries the person's sign-in there.
  { variable: 'SAML_ENTRY_POINT', kind: 'https' },
  { variable: 'SAML_LOGOUT_URL', kind: 'https' },
  // The IdP's keys come from here: a plain connection would let anyone on the way swap them.
  { variable: 'SAML_IDP_METADATA_URL', kind: 'https' },
  { variable: 'SMTP_URL', kind: 'smtp' },
];

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** localhost, 127.0.0.0/8 or ::1 (also as an IPv4-mapped address). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  const family = isIP(bare);
  return family !== 0 && loopback.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** The sslmodes with which `pg` encrypts and checks the certificate. */
const postgresTlsModes = ['require', 'verify-ca', 'verify-full'];

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

function postgresProblem(raw: string): string | null {
  // pg also takes `postgres://user@/db?host=/run/postgresql`; no host means its default, localhost.
  const url = parseUrl(raw) ?? parseUrl(raw.replace('@/', '@localhost/'));
  if (!url) return 'is not a valid URL';
  // A `host` parameter wins over the URL's host in pg; one starting with / is a Unix socket.
  const host = url.searchParams.get('host') ?? decodeURIComponent(url.hostname);
  if (host === '' || host.startsWith('/') || isLoopbackHost(host)) return null;
  const mode = url.searchParams.get('sslmode');
  // With libpq semantics, require encrypts without checking the certificate (ASVS 12.3.2).
  const unchecked = mode === 'require' && url.searchParams.get('uselibpqcompat') === 'true';
  if (mode && postgresTlsModes.includes(mode) && !unchecked) return null;
  return `${host} is not on this host: add sslmode=verify-full (or require, verify-ca)`;
}

/** nodemailer lets the URL's query override its options, these among them. */
const smtpTlsSwitches = ['ignoretls', 'requiretls', 'secure', 'tls.rejectunauthorized'];

function smtpProblem(raw: string): string | null {
  const url = parseUrl(raw);
  if (!url) return 'is not a valid URL';
  const host = url.searchParams.get('host') ?? url.hostname;
  if (isLoopbackHost(host)) return null;
  // smtps:// is TLS from the start; smtp:// gets STARTTLS made compulsory (smtpRequiresStartTls).
  const switches = [...url.searchParams.keys()].filter((key) =>
    smtpTlsSwitches.includes(key.toLowerCase()),
  );
  if (switches.length === 0) return null;
  return `${host} is not on this host: leave TLS to the portal (remove ${switches.join(', ')})`;
}

function schemeProblem(raw: string, secureScheme: 'https:' | 'rediss:'): string | null {
  const url = parseUrl(raw);
  if (!url) return 'is not a valid URL';
  if (url.protocol === secureScheme || isLoopbackHost(url.hostname)) return null;
  return `${url.hostname} is not on this host: use ${secureScheme}//`;
}

function problemOf(kind: Kind, raw: string): string | null {
  switch (kind) {
    case 'postgres':
      return postgresProblem(raw);
    case 'redis':
      return schemeProblem(raw, 'rediss:');
    case 'https':
      return schemeProblem(raw, 'https:');
    case 'smtp':
      return smtpProblem(raw);
  }
}

/**
 * Each backend address that would leave this host without TLS, as
 * `VARIABLE: reason` lines for the configuration error.
 */
export function backendTlsProblems(env: Readonly<Record<string, unknown>>): string[] {
  return backends.flatMap(({ variable, kind }) => {
    const value = env[variable];
    const problem = typeof value === 'string' && value ? problemOf(kind, value) : null;
    return problem ? [`${variable}: ${problem}`] : [];
  });
}

/**
 * A plain `smtp://` server off this host is still reached over TLS: nodemailer
 * must then switch to it with STARTTLS or fail, never send in the clear.
 */
export function smtpRequiresStartTls(smtpUrl: string, tls: 'required' | 'optional'): boolean {
  if (tls === 'optional') return false;
  const url = parseUrl(smtpUrl);
  if (!url) return true;
  const host = url.searchParams.get('host') ?? url.hostname;
  return url.protocol === 'smtp:' && !isLoopbackHost(host);
}
