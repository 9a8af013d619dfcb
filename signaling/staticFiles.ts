import type { Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, posix, relative, resolve, sep } from 'node:path';
import { loadCompressedFile, pickEncoding, type CompressedFile } from './compressedFile.ts';
import { sendText } from './httpReply.ts';

/** The built app served from one folder. */
export type StaticFiles = {
  /** Answers a GET or HEAD: the file, index.html for an unknown non-asset path, or an error text. */
  serve(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Loads and compresses (brotli included) every file ahead of the first request; resolves with how many. */
  warm(): Promise<number>;
};

// Vite puts a content hash in every name under assets/, so those bytes never change under one URL.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';
const NOT_BUILT =
  'The game room has not been built yet.\n' +
  'Run `npm run build` (or `npm start`, which builds first), then reload this page.\n';

/**
 * The file a request path names inside root, or null when the path is malformed or tries to leave
 * root ('..' in any form, decoded or not, NUL bytes). Never returns a path outside root.
 */
export function resolveRequestPath(root: string, url: string): string | null {
  const pathname = url.split(/[?#]/, 1)[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split(/[\\/]/).includes('..')) return null;
  const file = join(root, posix.normalize(`/${decoded}`));
  return file === root || file.startsWith(root + sep) ? file : null;
}

/** Serves files from rootDir, each read and compressed once and kept in memory until it changes on disk. */
export function createStaticFiles(rootDir: string): StaticFiles {
  const root = resolve(rootDir);
  const cache = new Map<string, Promise<CompressedFile>>();

  async function entryFor(file: string, stats: Stats): Promise<CompressedFile> {
    const cached = await cache.get(file)?.catch(() => null);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached;
    const loading = loadCompressedFile(file, stats.mtimeMs, stats.size);
    cache.set(file, loading);
    loading.catch(() => cache.get(file) === loading && cache.delete(file));
    return loading;
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const file = resolveRequestPath(root, req.url ?? '/');
    if (!file) return sendText(req, res, 400, 'Bad request path.\n');
    const rel = relative(root, file);
    const stats = await fileStats(file);
    if (stats) return sendEntry(req, res, await entryFor(file, stats), cacheControlFor(rel));
    // A missing hashed asset is a real 404: answering with HTML would only hide the broken build.
    if (rel.startsWith(`assets${sep}`)) return sendText(req, res, 404, 'Not found.\n');
    const index = join(root, 'index.html');
    const indexStats = await fileStats(index);
    if (!indexStats) return sendText(req, res, 503, NOT_BUILT, { 'Cache-Control': 'no-store' });
    return sendEntry(req, res, await entryFor(index, indexStats), REVALIDATE);
  }

  async function warm(): Promise<number> {
    const names = await readdir(root, { recursive: true }).catch(() => [] as string[]);
    let count = 0;
    for (const name of names) {
      const file = join(root, name);
      const stats = await fileStats(file);
      const entry = stats && (await entryFor(file, stats).catch(() => null));
      if (!entry) continue;
      await entry.brSettled;
      count += 1;
    }
    return count;
  }

  return { serve, warm };
}

function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CompressedFile,
  cacheControl: string,
): void {
  const headers: Record<string, string | number> = {
    'Content-Type': entry.type,
    'Cache-Control': cacheControl,
    ETag: entry.etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (entry.compressible) headers.Vary = 'Accept-Encoding';
  if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const encoding = pickEncoding(req.headers['accept-encoding'], entry);
  const body = (encoding && entry[encoding]) || entry.raw;
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function cacheControlFor(rel: string): string {
  if (rel.startsWith(`assets${sep}`)) return IMMUTABLE;
  return rel === 'index.html' ? REVALIDATE : SHORT;
}

async function fileStats(file: string): Promise<Stats | null> {
  const stats = await stat(file).catch(() => null);
  return stats?.isFile() ? stats : null;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  return !!header && header.split(',').some((t) => t.trim() === etag || t.trim() === '*');
}
