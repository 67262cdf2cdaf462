import { format, sv } from '@skolportalen/shared';

/** Spec §5 "Google tool": the URL starts with one of the configured Google origins and a slash. */
export function isGoogleToolUrl(url: string, hosts: readonly string[]): boolean {
  const lower = url.toLowerCase();
  return hosts.some((host) => lower.startsWith(`${host.toLowerCase()}/`));
}

/** "Adressen måste börja med https://docs.google.com/ eller https://drive.google.com/". */
export function googleToolUrlMessage(hosts: readonly string[]): string {
  const options = hosts.map((host) => `${host}/`);
  const listed =
    options.length > 1
      ? `${options.slice(0, -1).join(', ')} ${sv.toolsAndProfile.tools.or} ${options.at(-1)}`
      : (options[0] ?? '');
  return format(sv.validation.urlHost, { host: listed });
}
