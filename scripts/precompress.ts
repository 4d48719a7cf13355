// Post-build step of `npm start` and `npm run build`: brotli and gzip copies of every compressible
// static asset in the build, written beside it (`x.js.br`, `x.js.gz`), so the server sends an asset
// compressed without spending CPU per request (server/compression.ts picks the copy).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Extensions worth compressing (text; images and fonts are compressed already). */
export const compressible = /\.(js|mjs|css|html|json|svg|txt|xml|map|webmanifest)$/;

/** Smaller than this, a file goes as it is: the headers would outweigh what compression saves. */
export const minCompressBytes = 1024;

/** Writes `.br` and `.gz` beside each compressible file of at least minCompressBytes under `dir`; returns how many. */
export function precompress(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    if (statSync(file).size < minCompressBytes) continue;
    const bytes = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    count++;
  }
  return count;
}

if (import.meta.main) {
  const dist = process.argv[2] ?? 'dist';
  const count = precompress(join(dist, 'client'));
  console.log(`Precompressed ${count} static files in ${dist}/client (brotli and gzip).`);
}
