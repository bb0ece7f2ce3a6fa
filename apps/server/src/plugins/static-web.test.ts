import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebAndNotFound } from './static-web.ts';

let app: FastifyInstance;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'delego-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Delego</title>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'export {};');
  // The installable app's files, as vite-plugin-pwa leaves them at the root (ADR 0028).
  writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("message", () => {});');
  writeFileSync(path.join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Delego', start_url: '/' }));
  // As the build leaves them: a brotli and a gzip copy beside each bundle and the page.
  const bundle = `export const text = '${'Delegacja '.repeat(200)}';`;
  writeFileSync(path.join(webDist, 'assets', 'big-def456.js'), bundle);
  writeFileSync(path.join(webDist, 'assets', 'big-def456.js.br'), brotliCompressSync(bundle));
  writeFileSync(path.join(webDist, 'assets', 'big-def456.js.gz'), gzipSync(bundle));
  writeFileSync(path.join(webDist, 'index.html.br'), brotliCompressSync('<!doctype html><title>Delego</title>'));
  writeFileSync(path.join(webDist, 'index.html.gz'), gzipSync('<!doctype html><title>Delego</title>'));
  app = Fastify();
  await registerWebAndNotFound(app, webDist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves a bundle with a year of caching, and a screen path with the page', async () => {
    const bundle = await app.inject({ url: '/assets/app-abc123.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const screen = await app.inject({ url: '/delegation/readonly/7' });
    expect(screen.statusCode).toBe(200);
    expect(screen.headers['content-type']).toMatch(/^text\/html/);
    expect(screen.headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli copy the build made when the browser accepts it, else gzip, else the plain file', async () => {
    const brotli = await app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('Delegacja Delegacja');
    expect(brotli.rawPayload.length).toBeLessThan(200);

    const gzip = await app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('Delegacja Delegacja');

    const plain = await app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Delegacja Delegacja');
  });

  it('sends the page of a screen path compressed too', async () => {
    const screen = await app.inject({ url: '/delegation/list', headers: { 'accept-encoding': 'br' } });
    expect(screen.statusCode).toBe(200);
    expect(screen.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(screen.rawPayload).toString()).toContain('<title>Delego</title>');
  });

  it('sends the service worker and the manifest for revalidation at every check, the manifest as a manifest', async () => {
    const worker = await app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    // A cached worker would hide a new build from the update check (spec §9 polls every 3 s).
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers a bundle of another build with 404, not with the page', async () => {
    const stale = await app.inject({ url: '/assets/app-old999.js' });
    expect(stale.statusCode).toBe(404);
    expect(stale.headers['content-type']).not.toMatch(/^text\/html/);
  });

  it('answers an unknown API path with the JSON error', async () => {
    const response = await app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, messages: ['Not found'] });
  });
});
