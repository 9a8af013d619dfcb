/**
 * What the first page (/login) is made of: `npx tsx bench/analysis/bundleWeight.ts`. Builds the app with source maps
 * into node_modules/.cache, takes the files /login loads (Vite's manifest), and attributes every minified byte to the
 * package (or src/ folder) it came from; gzip bytes are estimated with each chunk's own compression ratio.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, 'node_modules/.cache/game-room-bench/sourcemapped');

type Chunk = { file: string; imports?: string[]; css?: string[] };

/** A source path as the owner that a reader can act on: a package name, or a src/ folder. */
function owner(source: string): string {
  const src = /(?:^|\/)src\/(.*)\/[^/]+$/.exec(source);
  if (src) return `src/${src[1]}`;
  // Maps written under node_modules/.cache name packages relative to it: ../../../../react-dom/cjs/...
  const pkg = /^(?:\.\.\/)*(?:node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source);
  return pkg ? pkg[1] : source;
}

/** Minified bytes of a chunk per owner, by walking its source map's mappings in generated order. */
function attribute(code: string, map: RawSourceMap): Map<string, number> {
  const lines = code.split('\n');
  const bytes = new Map<string, number>();
  const add = (k: string, n: number) => bytes.set(k, (bytes.get(k) ?? 0) + n);
  let prev: { line: number; column: number; source: string } | null = null;
  const flush = (line: number, column: number) => {
    if (!prev) return;
    if (prev.line === line) add(prev.source, column - prev.column);
    else add(prev.source, lines[prev.line - 1].length - prev.column);
  };
  new SourceMapConsumer(map).eachMapping((m) => {
    flush(m.generatedLine, m.generatedColumn);
    prev = {
      line: m.generatedLine,
      column: m.generatedColumn,
      source: m.source ? owner(m.source) : '(no source)',
    };
  });
  if (prev) flush(-1, 0);
  return bytes;
}

if (!existsSync(join(OUT, '.vite/manifest.json')) || process.argv.includes('--build')) {
  const args = ['vite', 'build', '--logLevel', 'error', '--sourcemap', '--outDir', OUT, '--emptyOutDir'];
  execFileSync('npx', args, { cwd: ROOT, stdio: 'inherit' });
}
const manifest = JSON.parse(readFileSync(join(OUT, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const files = new Set<string>();
const visit = (key: string) => {
  const c = manifest[key];
  if (!c || files.has(c.file)) return;
  files.add(c.file);
  c.imports?.forEach(visit);
};
visit('index.html');
const owners = new Map<string, { raw: number; gzip: number }>();
let total = 0;
for (const file of files) {
  const code = readFileSync(join(OUT, file), 'utf8');
  const ratio = gzipSync(code, { level: 9 }).length / Buffer.byteLength(code);
  total += gzipSync(code, { level: 9 }).length;
  const mapFile = join(OUT, `${file}.map`);
  // A chunk without a map (the bundler's own runtime) counts under its file name.
  const parts = existsSync(mapFile)
    ? attribute(code, JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap)
    : new Map([[file, Buffer.byteLength(code)]]);
  for (const [k, raw] of parts) {
    const o = owners.get(k) ?? { raw: 0, gzip: 0 };
    owners.set(k, { raw: o.raw + raw, gzip: o.gzip + raw * ratio });
  }
}
console.log(
  `/login loads ${files.size} scripts, ${total} gzip bytes (plus index.html); by origin, estimated:`,
);
for (const [k, v] of [...owners].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, 25))
  console.log(`${Math.round(v.gzip).toString().padStart(8)} gzip  ${v.raw.toString().padStart(8)} min  ${k}`);
