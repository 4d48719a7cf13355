// The console's static files that the build compressed (scripts/precompress.ts wrote `x.br` and
// `x.gz` beside `x`), served from memory in the coding the client accepts, with `Vary:
// Accept-Encoding` whatever it accepts: no CPU per request, and the chart island goes out as
// brotli. Everything else (small files, images, on-demand pages) is left to the Astro handler.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import type { Coding } from '../src/api/http/accept-encoding.ts';

/** One static file in each coding, with what its answer says about it. */
interface StaticFile {
  type: string;
  cacheControl: string;
  bodies: Record<Coding, { bytes: Buffer; etag: string }>;
}

/** The files, by every URL path that names them (`/a/index.html`, `/a/` and `/a`). */
export type PrecompressedFiles = Map<string, StaticFile>;

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};

/** A body and its entity tag (one per coding: the bytes differ). */
function body(bytes: Buffer, coding: Coding): { bytes: Buffer; etag: string } {
  const digest = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return { bytes, etag: `"${digest}-${coding}"` };
}

/**
 * Reads every file under `clientDir` that has both compressed copies beside it. Astro's hashed
 * assets (`/_astro/`) are cached for a year; pages are revalidated on every use.
 */
export function loadPrecompressed(clientDir: string): PrecompressedFiles {
  const files: PrecompressedFiles = new Map();
  if (!existsSync(clientDir)) return files;
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath, entry.name);
    const type = types[extname(entry.name)];
    if (!entry.isFile() || type === undefined || !existsSync(`${file}.br`) || !existsSync(`${file}.gz`))
      continue;
    const path = `/${relative(clientDir, file).split(sep).join('/')}`;
    const found: StaticFile = {
      type,
      cacheControl: path.startsWith('/_astro/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate',
      bodies: {
        br: body(readFileSync(`${file}.br`), 'br'),
        gzip: body(readFileSync(`${file}.gz`), 'gzip'),
        identity: body(readFileSync(file), 'identity'),
      },
    };
    files.set(path, found);
    if (entry.name === 'index.html') {
      const dir = path.slice(0, -'index.html'.length);
      files.set(dir, found);
      if (dir !== '/') files.set(dir.slice(0, -1), found);
    }
  }
  return files;
}

/** The URL path of a request-target, decoded; null if it cannot be. */
function pathOf(url: string): string | null {
  const end = url.search(/[?#]/);
  try {
    return decodeURI(end < 0 ? url : url.slice(0, end));
  } catch {
    return null;
  }
}

/** Answers a GET or HEAD for a precompressed file in `coding`; false (nothing written) for anything else. */
export function servePrecompressed(
  req: IncomingMessage,
  res: ServerResponse,
  files: PrecompressedFiles,
  coding: Coding,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = pathOf(req.url ?? '/');
  const file = path === null ? undefined : files.get(path);
  if (file === undefined) return false;
  const { bytes, etag } = file.bodies[coding];
  const headers: Record<string, string> = {
    'content-type': file.type,
    'cache-control': file.cacheControl,
    vary: 'Accept-Encoding',
    etag,
  };
  if (coding !== 'identity') headers['content-encoding'] = coding;
  const unchanged = req.headers['if-none-match']
    ?.split(/\s*,\s*/)
    .some((tag) => tag.replace(/^W\//, '') === etag);
  if (unchanged) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  res.writeHead(200, { ...headers, 'content-length': String(bytes.length) });
  res.end(req.method === 'HEAD' ? undefined : bytes);
  return true;
}
