import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { createImageStorage } from './index.js';
import { s3ImageStorage } from './s3-storage.js';

/**
 * The real AWS SDK against a fake S3 at its HTTP edge: path-style requests on a local port, the
 * way MinIO or any S3-compatible endpoint is reached (S3_ENDPOINT).
 */
interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}
const objects = new Map<string, { body: Buffer; type: string }>();
const seen: Seen[] = [];
let server: http.Server;
let endpoint: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      seen.push({ method: req.method ?? '', path, headers: req.headers });
      if (req.method === 'PUT') {
        objects.set(path, {
          body: Buffer.concat(chunks),
          type: String(req.headers['content-type']),
        });
        res.writeHead(200, { ETag: '"etag"' }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(path);
        if (!object) {
          res
            .writeHead(404, { 'Content-Type': 'application/xml' })
            .end(
              '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>',
            );
          return;
        }
        res.writeHead(200, { 'Content-Type': object.type, 'Content-Length': object.body.length });
        res.end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const settings = (publicUrl?: string) => ({
  bucket: 'shop-photos',
  region: 'eu-west-1',
  endpoint,
  credentials: { accessKeyId: 'AKIATEST', secretAccessKey: 'test-secret' },
  publicUrl,
});

describe('the S3 image storage', () => {
  it('when a file is put, then it is written to the bucket signed, typed and cacheable, and read back', async () => {
    const storage = s3ImageStorage(settings());
    const bytes = Buffer.from('RIFF----WEBPVP8 fake');
    await storage.put('abc/def-320.webp', bytes, 'image/webp');
    const put = seen.find((s) => s.method === 'PUT');
    expect(put?.path).toBe('/shop-photos/abc/def-320.webp');
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATEST\//);
    expect(put?.headers['content-type']).toBe('image/webp');
    expect(put?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(objects.get('/shop-photos/abc/def-320.webp')?.body).toEqual(bytes);
    expect(await storage.get('abc/def-320.webp')).toEqual(bytes);
  });

  it('when a missing file is read, then null; when files are deleted, then they are gone', async () => {
    const storage = s3ImageStorage(settings());
    expect(await storage.get('abc/missing-320.webp')).toBeNull();
    await storage.put('abc/gone-320.webp', Buffer.from('x'), 'image/webp');
    await storage.put('abc/gone-640.webp', Buffer.from('y'), 'image/webp');
    await storage.delete(['abc/gone-320.webp', 'abc/gone-640.webp']);
    expect(objects.has('/shop-photos/abc/gone-320.webp')).toBe(false);
    expect(objects.has('/shop-photos/abc/gone-640.webp')).toBe(false);
  });

  it('when a public URL is configured, then browsers fetch from it; else through the API', () => {
    expect(s3ImageStorage(settings('https://cdn.example.com/p')).url('a/b-320.webp')).toBe(
      'https://cdn.example.com/p/a/b-320.webp',
    );
    expect(s3ImageStorage(settings()).url('a/b-320.webp')).toBe('/api/images/a/b-320.webp');
  });

  it('when the config names a bucket, then the shop stores photos there (the SDK loaded on first use)', async () => {
    const config = { images: { dir: '/nonexistent', s3: settings() } } as unknown as Config;
    const storage = createImageStorage(config);
    expect(storage.url('a/b-320.webp')).toBe('/api/images/a/b-320.webp');
    await storage.put('lazy/one-320.webp', Buffer.from('z'), 'image/webp');
    expect(objects.get('/shop-photos/lazy/one-320.webp')?.body).toEqual(Buffer.from('z'));
    expect(await storage.get('lazy/one-320.webp')).toEqual(Buffer.from('z'));
    await storage.delete(['lazy/one-320.webp']);
    expect(objects.has('/shop-photos/lazy/one-320.webp')).toBe(false);
  });
});
