import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../signaling/server.ts';

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A raw HTTP request: unlike fetch, the path goes out exactly as written, '..' included. */
function get(server: RunningServer, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Reply>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const INDEX = `<!doctype html><html><head><title>Game room</title></head><body>${'<div></div>'.repeat(50)}</body></html>`;
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const SECRET = 'top secret outside the static folder';

let root: string;
let server: RunningServer;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'signaling-static-'));
  const dist = join(root, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(root, 'secret.txt'), SECRET);
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-3f9a1b.js'), SCRIPT);
  await writeFile(join(dist, 'assets', 'automerge-77c0de.wasm'), Buffer.alloc(4096, 7));
  await writeFile(join(dist, 'assets', 'bell-0a1b2c.mp3'), Buffer.from([0xff, 0xfb, 0x90, 0x00]));
  await writeFile(join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  server = await startServer({ staticDir: dist, config: { iceServers: [] }, log: () => undefined });
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves index.html for a deep link, never cached without revalidation', async () => {
    const reply = await get(server, '/abc123/okey');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.body.toString()).toBe(INDEX);
  });

  it('serves a hashed asset with its type and an immutable cache header', async () => {
    const reply = await get(server, '/assets/index-3f9a1b.js');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(reply.headers['cache-control']).toContain('immutable');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body.toString()).toBe(SCRIPT);
  });

  it.each([
    { name: 'wasm', path: '/assets/automerge-77c0de.wasm', type: 'application/wasm' },
    { name: 'mp3', path: '/assets/bell-0a1b2c.mp3', type: 'audio/mpeg' },
    { name: 'ico', path: '/favicon.ico', type: 'image/x-icon' },
  ])('serves $name as $type', async ({ path, type }) => {
    const reply = await get(server, path);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe(type);
  });

  it('gzips a compressible file when the client accepts gzip', async () => {
    const reply = await get(server, '/assets/index-3f9a1b.js', { 'Accept-Encoding': 'gzip, deflate' });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(reply.body).toString()).toBe(SCRIPT);
  });

  it('answers a brotli-accepting client with br or gzip, decoding to the same bytes', async () => {
    const reply = await get(server, '/', { 'Accept-Encoding': 'br, gzip' });
    const encoding = reply.headers['content-encoding'];
    const body = encoding === 'br' ? brotliDecompressSync(reply.body) : gunzipSync(reply.body);
    expect(['br', 'gzip']).toContain(encoding);
    expect(body.toString()).toBe(INDEX);
  });

  it('answers with br once the server is warmed', async () => {
    await server.warmed;
    const reply = await get(server, '/assets/index-3f9a1b.js', { 'Accept-Encoding': 'br, gzip' });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(reply.body).toString()).toBe(SCRIPT);
  });

  it('sends no body for HEAD but the same length', async () => {
    const reply = await get(server, '/assets/index-3f9a1b.js', {}, 'HEAD');
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBe(0);
    expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
  });

  it('answers 304 when the client already has the file', async () => {
    const first = await get(server, '/assets/index-3f9a1b.js');
    const again = await get(server, '/assets/index-3f9a1b.js', {
      'If-None-Match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it.each([
    { name: 'plain', path: '/../secret.txt' },
    { name: 'encoded dots', path: '/%2e%2e/secret.txt' },
    { name: 'encoded slash', path: '/..%2fsecret.txt' },
    { name: 'from assets', path: '/assets/..%2f..%2fsecret.txt' },
    { name: 'backslash', path: '/..\\secret.txt' },
    { name: 'encoded backslash', path: '/%2e%2e%5csecret.txt' },
    { name: 'NUL byte', path: '/index.html%00.js' },
    { name: 'bad escape', path: '/%E0%A4%A' },
  ])('refuses a traversal attempt ($name)', async ({ path }) => {
    const reply = await get(server, path);
    expect(reply.status).toBe(400);
    expect(reply.body.toString()).not.toContain(SECRET);
  });

  it('answers 404 for a missing hashed asset rather than HTML', async () => {
    expect((await get(server, '/assets/gone-123.js')).status).toBe(404);
  });

  it('refuses methods other than GET and HEAD', async () => {
    const reply = await get(server, '/', {}, 'POST');
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('GET, HEAD');
  });

  it('reports health as JSON', async () => {
    const reply = await get(server, '/healthz');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body.toString())).toMatchObject({ status: 'ok', connections: 0, topics: 0 });
    expect(JSON.parse(reply.body.toString()).uptimeSeconds).toEqual(expect.any(Number));
  });

  it('serves the runtime config it was given', async () => {
    const reply = await get(server, '/config.json');
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(reply.body.toString())).toEqual({ iceServers: [] });
  });
});

describe('static files before a build', () => {
  it('answers 503 with how to build, and the five public STUN servers by default', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'signaling-empty-'));
    const bare = await startServer({ staticDir: empty, log: () => undefined });
    try {
      const reply = await get(bare, '/abc123/okey');
      expect(reply.status).toBe(503);
      expect(reply.body.toString()).toContain('npm run build');
      const config = JSON.parse((await get(bare, '/config.json')).body.toString());
      expect(config.iceServers).toHaveLength(5);
      expect(config.iceServers[0]).toEqual({ urls: 'stun:stun.l.google.com:19302' });
    } finally {
      await bare.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
