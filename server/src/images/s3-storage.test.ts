import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { startFakeS3, type FakeS3 } from '../test/fake-s3.js';
import { createImageStorage } from './index.js';
import { s3ImageStorage } from './s3-storage.js';

/** The real AWS SDK against a fake S3 at its HTTP edge (see fake-s3.ts). */
let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

const settings = (publicUrl?: string) => ({
  bucket: 'shop-photos',
  region: 'eu-west-1',
  endpoint: s3.endpoint,
  credentials: { accessKeyId: 'AKIATEST', secretAccessKey: 'test-secret' },
  publicUrl,
});

describe('the S3 image storage', () => {
  it('when a file is put, then it is written to the bucket signed, typed and cacheable, and read back', async () => {
    const storage = s3ImageStorage(settings());
    const bytes = Buffer.from('RIFF----WEBPVP8 fake');
    await storage.put('abc/def-320.webp', bytes, 'image/webp');
    const put = s3.seen.find((s) => s.method === 'PUT');
    expect(put?.path).toBe('/shop-photos/abc/def-320.webp');
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATEST\//);
    expect(put?.headers['content-type']).toBe('image/webp');
    expect(put?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(s3.objects.get('/shop-photos/abc/def-320.webp')?.body).toEqual(bytes);
    expect(await storage.get('abc/def-320.webp')).toEqual(bytes);
  });

  it('when a missing file is read, then null; when files are deleted, then they are gone', async () => {
    const storage = s3ImageStorage(settings());
    expect(await storage.get('abc/missing-320.webp')).toBeNull();
    await storage.put('abc/gone-320.webp', Buffer.from('x'), 'image/webp');
    await storage.put('abc/gone-640.webp', Buffer.from('y'), 'image/webp');
    await storage.delete(['abc/gone-320.webp', 'abc/gone-640.webp']);
    expect(s3.objects.has('/shop-photos/abc/gone-320.webp')).toBe(false);
    expect(s3.objects.has('/shop-photos/abc/gone-640.webp')).toBe(false);
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
    expect(s3.objects.get('/shop-photos/lazy/one-320.webp')?.body).toEqual(Buffer.from('z'));
    expect(await storage.get('lazy/one-320.webp')).toEqual(Buffer.from('z'));
    await storage.delete(['lazy/one-320.webp']);
    expect(s3.objects.has('/shop-photos/lazy/one-320.webp')).toBe(false);
  });
});
