import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; pictures and fonts are compressed already. */
const compressible = /\.(?:js|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than its headers cost. */
const minimumBytes = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of
 * the build, at the strongest settings, once: the server sends the copy the
 * browser accepts (`preCompressed` in apps/server/src/http/web-app.ts) and
 * compresses nothing while it serves. The start page's code is about a sixth
 * of its size that way (decision 0025).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'skolportalen:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = filesUnder(outDir).filter(
        (file) => compressible.test(file) && statSync(file).size >= minimumBytes,
      );
      await Promise.all(
        files.map(async (file) => {
          const bytes = readFileSync(file);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          writeFileSync(`${file}.br`, br);
          writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}
