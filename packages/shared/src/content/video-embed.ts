/**
 * Video blocks frame a player from an allowed video service (issue 20 F7).
 * The list is the server's setting VIDEO_EMBED_HOSTS; the browser learns it
 * from GET /api/portal-service/v1/video/config, and the page's CSP frame-src
 * is the same list.
 */
export const defaultVideoEmbedOrigins = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
] as const;

/** What the video frame's sandbox allows: the player's own script and its full-screen and share buttons. */
export const videoFrameSandbox = 'allow-scripts allow-same-origin allow-presentation allow-popups';

/**
 * What GET …/video/config answers (its schema is in ../endpoints/video.schemas;
 * this module stays free of zod, since the reading page's video block uses it).
 */
export interface VideoConfig {
  /** Origins (scheme and host) whose pages a video block may frame. */
  embedOrigins: string[];
}

interface ParsedUrl {
  readonly protocol: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly origin: string;
  readonly href: string;
  readonly searchParams: { get(name: string): string | null };
}
// The shared package compiles without DOM or Node types; both runtimes have the same URL.
const WhatwgUrl = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;

/**
 * A page address of the big video services becomes their embed address, so
 * an editor may paste what the browser shows; YouTube plays from its
 * no-cookie host. Any other https address is framed as it is, if its origin
 * is allowed. `null` for what cannot be framed at all.
 */
export function embedUrl(src: string): string | null {
  const value = src.trim();
  if (!/^https:\/\/[^\s]+$/i.test(value)) return null;
  let url: ParsedUrl;
  try {
    url = new WhatwgUrl(value);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\./, '');
  const youtube = (id: string) =>
    `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`;
  if (host === 'youtube.com' && url.pathname === '/watch' && url.searchParams.get('v'))
    return youtube(url.searchParams.get('v')!);
  if (host === 'youtube.com' && /^\/embed\/[^/]+$/.test(url.pathname))
    return youtube(decodeURIComponent(url.pathname.slice('/embed/'.length)));
  if (host === 'youtu.be' && url.pathname.length > 1) return youtube(url.pathname.slice(1));
  if (host === 'vimeo.com' && /^\/\d+$/.test(url.pathname))
    return `https://player.vimeo.com/video${url.pathname}`;
  return url.href;
}

/** The address a video block frames, or null when it is not from an allowed service. */
export function allowedEmbedUrl(src: string, allowedOrigins: readonly string[]): string | null {
  const embed = embedUrl(src);
  if (embed === null) return null;
  const origin = new WhatwgUrl(embed).origin.toLowerCase();
  return allowedOrigins.some((allowed) => allowed.toLowerCase() === origin) ? embed : null;
}

/** The host names of the allowed services, for messages ("youtube-nocookie.com, player.vimeo.com"). */
export function videoServiceNames(allowedOrigins: readonly string[]): string {
  return allowedOrigins.map((origin) => origin.replace(/^https?:\/\/(www\.)?/i, '')).join(', ');
}
