import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleReport {
  initialJsGzipBytes: number;
  initialJsFiles: string[];
  totalJsGzipBytes: number;
  cssGzipBytes: number;
  largestChunks: { file: string; gzipBytes: number }[];
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * What a browser must fetch before the first route can render: the entry
 * script of index.html and every chunk it preloads.
 */
export function measureBundle(distDir: string): BundleReport {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  const assets = readdirSync(path.join(distDir, 'assets')).map((file) => path.join('assets', file));
  const js = assets.filter((file) => file.endsWith('.js'));
  const sizes = js.map((file) => ({ file, gzipBytes: gz(path.join(distDir, file)) }));
  return {
    initialJsGzipBytes: initial.reduce((sum, file) => sum + gz(path.join(distDir, file)), 0),
    initialJsFiles: initial,
    totalJsGzipBytes: sizes.reduce((sum, entry) => sum + entry.gzipBytes, 0),
    cssGzipBytes: assets
      .filter((file) => file.endsWith('.css') && statSync(path.join(distDir, file)).isFile())
      .reduce((sum, file) => sum + gz(path.join(distDir, file)), 0),
    largestChunks: sizes.sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5),
  };
}
