import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './factories';

/** The built app's compressed copies (.br, .gz, written by the web build) are sent to browsers that take them. */
describe('compressed web assets', () => {
  let ctx: TestContext;
  let webDist: string;
  const script = `console.log(${JSON.stringify('SimCentre '.repeat(400))});`;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SimCentre</title>');
    const file = path.join(webDist, 'assets', 'app-1a2b.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    ctx = await buildTestApp({}, { webDist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (encoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('sends brotli, else gzip, else the plain file, each cached for a year and varying by encoding', async () => {
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [br, gz, plain]) {
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(String(res.headers['content-type'])).toMatch(/javascript/);
    }
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
  });
});
