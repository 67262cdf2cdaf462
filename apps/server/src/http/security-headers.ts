import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * A strict Content-Security-Policy on every response: scripts only from the
 * portal itself, no inline script, no eval, no <base>. Styles allow inline
 * because the UI kit injects its style tags at run time.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  /** The IdP's sign-in and logout addresses now: its metadata may name them, and change them. */
  identityProviderUrls: () => readonly (string | undefined)[] = () => [
    config.saml?.entryPoint,
    config.saml?.logoutUrl,
  ],
) {
  // Sign-in and logout forms are redirected on to the identity provider; the
  // browser applies form-action to that redirect too.
  const identityProvider = () => {
    const origins = identityProviderUrls()
      .filter((url): url is string => Boolean(url))
      .map((url) => new URL(url).origin);
    return [...new Set(origins)].join(' ') || "'self'";
  };
  // Video blocks frame players from these services only (VIDEO_EMBED_HOSTS).
  const videoFrameOrigins = config.videoEmbedOrigins;
  // Built once: the Fastify wrapper built helmet again for every request.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        frameSrc: ["'self'", ...videoFrameOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'", identityProvider],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Only when the portal's public address is https; HSTS=false leaves it to a proxy that sets it.
    strictTransportSecurity: config.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const permissionsPolicy = permissionsPolicyFor(videoFrameOrigins);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', permissionsPolicy);
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // API answers are personal (a child's class, a guardian's children): no browser or
  // shared cache keeps them. A route that may be cached says so itself.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}

/** Powerful features nobody on the portal uses are off for the page and every frame in it. */
const unusedFeatures = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/** What an embedded video player needs, granted to the portal and the allowed players only. */
const videoFeatures = ['encrypted-media', 'fullscreen', 'picture-in-picture'];

export function permissionsPolicyFor(videoOrigins: readonly string[]): string {
  const players = ['self', ...videoOrigins.map((origin) => `"${origin}"`)].join(' ');
  return [
    ...unusedFeatures.map((feature) => `${feature}=()`),
    ...videoFeatures.map((feature) => `${feature}=(${players})`),
  ].join(', ');
}
