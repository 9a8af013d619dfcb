import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

// Already-compressed formats (png, mp3, woff2...) gain nothing from another pass.
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.wasm',
  '.svg',
  '.ico',
  '.wav',
  '.ttf',
]);

const MIN_COMPRESS_BYTES = 256;
// Brotli's best quality takes ~11 s on the 3.6 MB Automerge wasm here; 9 takes ~0.6 s for 15% more bytes.
const BROTLI_BEST_QUALITY_MAX_BYTES = 1024 * 1024;

/** The content type served for a file name (octet-stream when unknown). */
export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** One file held in memory with its compressed forms; br arrives later, gzip is there from the start. */
export type CompressedFile = {
  mtimeMs: number;
  size: number;
  type: string;
  etag: string;
  compressible: boolean;
  raw: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  /** Settles once br is computed (or given up): warming waits for it, requests never do. */
  brSettled: Promise<void>;
};

/**
 * Reads a file and gzips it before resolving, so the first response can already be compressed.
 * Brotli is slower, so it is computed in the background and used once ready.
 */
export async function loadCompressedFile(
  file: string,
  mtimeMs: number,
  size: number,
): Promise<CompressedFile> {
  const raw = await readFile(file);
  const compressible = COMPRESSIBLE.has(extname(file).toLowerCase()) && raw.length >= MIN_COMPRESS_BYTES;
  const entry: CompressedFile = {
    mtimeMs,
    size,
    type: contentTypeOf(file),
    etag: `W/"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}"`,
    compressible,
    raw,
    gzip: null,
    br: null,
    brSettled: Promise.resolve(),
  };
  if (!compressible) return entry;
  entry.gzip = smallerOrNull(await gzipAsync(raw, { level: 9 }), raw);
  const quality = raw.length <= BROTLI_BEST_QUALITY_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : 9;
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
  };
  entry.brSettled = brotliAsync(raw, { params }).then(
    (br) => {
      entry.br = smallerOrNull(br, raw);
    },
    () => undefined, // gzip still serves; nothing to recover
  );
  return entry;
}

function smallerOrNull(compressed: Buffer, raw: Buffer): Buffer | null {
  return compressed.length < raw.length ? compressed : null;
}

/** The best encoding of entry that the Accept-Encoding header allows, or null for identity. */
export function pickEncoding(
  acceptEncoding: string | undefined,
  entry: CompressedFile,
): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (entry.br && accepted.has('br')) return 'br';
  if (entry.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return null;
}
