import { format, sv } from '@skolportalen/shared';

const t = sv.signIns.browser;

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'Chromebook'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];

/** "Firefox på Windows" from a User-Agent header: what a person recognises, not the version. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return t.unknown;
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return format(t.on, { browser, system });
  if (browser) return browser;
  if (system) return system;
  // Not a browser at all (curl, an integration's HTTP library).
  return /^Mozilla\//.test(userAgent) ? t.unknown : t.app;
}
