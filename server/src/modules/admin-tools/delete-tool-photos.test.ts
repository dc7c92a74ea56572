import fs from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolImagesSchema } from '@toolworks/contract/tool-images';
import { createApp, type ShopApp } from '../../app.js';
import { localImageStorage, type ImageStorage } from '../../images/index.js';
import { s3ImageStorage } from '../../images/s3-storage.js';
import type { Store } from '../../store/store.js';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.js';
import { buildTool } from '../../test/factories.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';
import { createTestStore } from '../../test/test-store.js';

/** Deleting a tool removes its photos' files from either storage, after the row is gone. */
let store: Store;
let imageDir: string;
let s3: FakeS3;
let admin: ShopSession;
let cleanup: () => Promise<void>;
const logged: { level: number; msg: string; toolId?: string }[] = [];

const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    logged.push(JSON.parse(chunk.toString()));
    done();
  },
});
const appWith = (images: ImageStorage): ShopApp =>
  createApp({ ...testDeps(store), images, logger: pino({ level: 'warn' }, sink) });

beforeAll(async () => {
  let dir: string;
  ({ store, dir, cleanup } = await createTestStore());
  imageDir = path.join(dir, 'images');
  s3 = await startFakeS3();
  admin = await signInToShop(appWith(localImageStorage(imageDir)), store, {
    displayName: 'Ada Admin',
    admin: true,
  });
});
afterAll(async () => {
  await s3.close();
  await cleanup();
});

const s3Storage = () =>
  s3ImageStorage({
    bucket: 'shop-photos',
    region: 'eu-west-1',
    endpoint: s3.endpoint,
    credentials: { accessKeyId: 'AKIATEST', secretAccessKey: 'test-secret' },
    publicUrl: undefined,
  });

/** A tool with two uploaded photos; the keys of all their variants. */
async function toolWithPhotos(app: ShopApp) {
  const tool = await store.tools.create(buildTool());
  let keys: string[] = [];
  for (const width of [700, 400]) {
    const bytes = await sharp({
      create: { width, height: 300, channels: 3, background: { r: 20, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const res = await request(app)
      .post(`/api/tools/${tool._id}/images`)
      .set('Authorization', admin.bearer)
      .set('Content-Type', 'image/png')
      .send(bytes)
      .expect(201);
    // Without a public URL both storages serve through /api/images/<key>.
    keys = ToolImagesSchema.parse(res.body).images.flatMap((i) =>
      i.variants.map((v) => v.url.replace('/api/images/', '')),
    );
  }
  expect(keys.length).toBeGreaterThanOrEqual(4);
  return { tool, keys };
}

const deleteTool = (app: ShopApp, id: string) =>
  request(app).delete(`/api/delete/${id}`).set('Authorization', admin.bearer);

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

describe('DELETE /api/delete/:id and the tool photos', () => {
  it('when a tool with photos is deleted (IMAGE_DIR), then its variant files are gone too', async () => {
    const app = appWith(localImageStorage(imageDir));
    const { tool, keys } = await toolWithPhotos(app);
    const files = keys.map((key) => path.join(imageDir, ...key.split('/')));
    for (const file of files) expect(await exists(file)).toBe(true);
    const other = await toolWithPhotos(app);

    const res = await deleteTool(app, tool._id).expect(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    for (const file of files) expect(await exists(file)).toBe(false);
    await request(app).get(`/api/images/${keys[0]}`).expect(404);
    // Another tool's photos stay.
    for (const key of other.keys)
      expect(await exists(path.join(imageDir, ...key.split('/')))).toBe(true);
  });

  it('when a tool with photos is deleted (S3 bucket), then its objects are deleted from the bucket', async () => {
    const app = appWith(s3Storage());
    const { tool, keys } = await toolWithPhotos(app);
    for (const key of keys) expect(s3.objects.has(`/shop-photos/${key}`)).toBe(true);

    await deleteTool(app, tool._id).expect(200, { deletedCount: 1 });
    for (const key of keys) expect(s3.objects.has(`/shop-photos/${key}`)).toBe(false);
  });

  it('when the bucket refuses the deletes, then the tool is deleted all the same and the failure is logged', async () => {
    const app = appWith(s3Storage());
    const { tool, keys } = await toolWithPhotos(app);
    s3.failDeletes = true;
    try {
      await deleteTool(app, tool._id).expect(200, { deletedCount: 1 });
    } finally {
      s3.failDeletes = false;
    }
    expect(await store.tools.get(tool._id)).toBeNull();
    await request(app).get(`/api/tool/${tool._id}`).expect(404);
    expect(s3.objects.has(`/shop-photos/${keys[0]}`)).toBe(true);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 50, toolId: tool._id, msg: expect.stringMatching(/photo/) }),
    );
  });
});
