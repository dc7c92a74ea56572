import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { ToolSchema } from '@toolworks/contract/tools';
import { ToolImagesSchema, imageSrcSet } from '@toolworks/contract/tool-images';
import { createApp, type ShopApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { localImageStorage } from '../../images/index.js';
import type { Store } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';
import { createTestStore } from '../../test/test-store.js';

let store: Store;
let app: ShopApp;
let admin: ShopSession;
let customer: ShopSession;
let imageDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  let dir: string;
  ({ store, dir, cleanup } = await createTestStore());
  imageDir = path.join(dir, 'images');
  app = createApp({ ...testDeps(store), images: localImageStorage(imageDir) });
  [admin, customer] = await Promise.all([
    signInToShop(app, store, { displayName: 'Ada Admin', admin: true }),
    signInToShop(app, store, { displayName: 'Cal Customer' }),
  ]);
});
afterAll(() => cleanup());

/** A real photo made by sharp: a colour gradient-free block, `format` encoded. */
function photo(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp',
  options: { orientation?: number; exif?: boolean } = {},
): Promise<Buffer> {
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } },
  })[format]();
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  if (options.exif)
    image = image.withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Secret Owner' } });
  return image.toBuffer();
}

const upload = (toolId: string, bytes: Buffer, type: string, who = admin) =>
  request(app)
    .post(`/api/tools/${toolId}/images`)
    .set('Authorization', who.bearer)
    .set('Content-Type', type)
    .send(bytes);

const fileOf = (url: string) => path.join(imageDir, ...url.replace('/api/images/', '').split('/'));

describe('POST /api/tools/{id}/images', () => {
  it('when an admin uploads a large JPEG, then WebP variants 320/640/1280 wide are stored and the tool page lists them', async () => {
    const tool = await store.tools.create(buildTool());
    const res = await upload(tool._id, await photo(2000, 1000, 'jpeg'), 'image/jpeg').expect(201);
    const { images } = ToolImagesSchema.parse(res.body);
    expect(images).toHaveLength(1);
    const [image] = images;
    expect(image?.variants.map((v) => v.width)).toEqual([320, 640, 1280]);
    expect(image).toMatchObject({ width: 1280, height: 640 });
    for (const variant of image?.variants ?? []) {
      const meta = await sharp(await fs.readFile(fileOf(variant.url))).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width });
    }
    const page = ToolSchema.parse(
      (await request(app).get(`/api/tool/${tool._id}`).expect(200)).body,
    );
    expect(page.images).toEqual(images);
    expect(imageSrcSet(page.images[0]!)).toMatch(/ 320w, .* 640w, .* 1280w$/);
  });

  it('when the photo is narrower than the widths, then it is never enlarged', async () => {
    const tool = await store.tools.create(buildTool());
    const res = await upload(tool._id, await photo(500, 400, 'png'), 'image/png').expect(201);
    const [image] = ToolImagesSchema.parse(res.body).images;
    expect(image?.variants.map((v) => v.width)).toEqual([320, 500]);
    const small = await upload(tool._id, await photo(100, 80, 'webp'), 'image/webp').expect(201);
    expect(ToolImagesSchema.parse(small.body).images[1]?.variants.map((v) => v.width)).toEqual([
      100,
    ]);
  });

  it('when the photo carries an EXIF orientation and owner data, then the variant is upright and keeps no metadata', async () => {
    const tool = await store.tools.create(buildTool());
    // Stored 800 x 400 with "turn a quarter" (6): upright it is 400 wide, 800 high.
    const bytes = await photo(800, 400, 'jpeg', { orientation: 6, exif: true });
    const res = await upload(tool._id, bytes, 'image/jpeg').expect(201);
    const [image] = ToolImagesSchema.parse(res.body).images;
    expect(image).toMatchObject({ width: 400, height: 800 });
    const stored = await fs.readFile(fileOf(image!.variants.at(-1)!.url));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ width: 400, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes('Secret Owner')).toBe(false);
  });

  it('when the bytes are not a JPEG, PNG or WebP whatever the Content-Type says, then 415 and nothing is stored', async () => {
    const tool = await store.tools.create(buildTool());
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    for (const [bytes, type] of [
      [gif, 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/jpeg'],
      [await photo(50, 50, 'png'), 'image/gif'],
      [await photo(50, 50, 'png'), 'application/octet-stream'],
    ] as const) {
      const res = await upload(tool._id, bytes, type).expect(415);
      expect(ErrorBodySchema.parse(res.body).error).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringContaining('JPEG, PNG or WebP'),
      });
    }
    expect((await store.tools.get(tool._id))?.images).toEqual([]);
  });

  it('when the bytes look like a PNG but are damaged, then 400 and nothing is stored', async () => {
    const tool = await store.tools.create(buildTool());
    const good = await photo(300, 300, 'png');
    const damaged = Buffer.concat([good.subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await upload(tool._id, damaged, 'image/png').expect(400);
    expect(res.body.error.message).toMatch(/could not be read/);
    expect((await store.tools.get(tool._id))?.images).toEqual([]);
  });

  it('when the upload is over 10 MB, then 413 PAYLOAD_TOO_LARGE', async () => {
    const tool = await store.tools.create(buildTool());
    const big = Buffer.concat([await photo(10, 10, 'png'), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(tool._id, big, 'image/png').expect(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('when a customer uploads, then 403; when the tool is unknown, then 404', async () => {
    const tool = await store.tools.create(buildTool());
    const bytes = await photo(50, 50, 'png');
    await upload(tool._id, bytes, 'image/png', customer).expect(403);
    await upload('0123456789abcdef01234567', bytes, 'image/png').expect(404);
    expect((await store.tools.get(tool._id))?.images).toEqual([]);
  });
});

describe('POST /api/tools/{id}/images, many at once', () => {
  it('when more uploads arrive than are converted and may wait, then the rest get 503 with Retry-After, and the slots come back', async () => {
    const config = loadConfig({ ...process.env, IMAGE_CONVERSIONS: '1', IMAGE_QUEUE: '1' });
    const busyApp = createApp({ ...testDeps(store, config), images: localImageStorage(imageDir) });
    const tool = await store.tools.create(buildTool());
    // Noise does not compress: a photo whose conversion takes a while, as a camera's does.
    const bytes = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const send = () =>
      request(busyApp)
        .post(`/api/tools/${tool._id}/images`)
        .set('Authorization', admin.bearer)
        .set('Content-Type', 'image/jpeg')
        .send(bytes);
    const answers = await Promise.all(Array.from({ length: 8 }, send));
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    const busy = answers.filter((res) => res.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) {
      expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(ErrorBodySchema.parse(res.body).error).toMatchObject({
        code: 'BUSY',
        message: expect.stringMatching(/try again in \d+ seconds/),
      });
    }
    const converted = statuses.filter((status) => status === 201).length;
    expect(converted).toBeGreaterThan(0);
    expect((await store.tools.get(tool._id))?.images).toHaveLength(converted);
    await send().expect(201);
  });
});

describe('DELETE /api/tools/{id}/images/{imageId} and PATCH /api/tools/{id}/images', () => {
  it('when an admin picks the second photo as main, then it comes first on the tool page', async () => {
    const tool = await store.tools.create(buildTool());
    await upload(tool._id, await photo(60, 60, 'png'), 'image/png').expect(201);
    const two = await upload(tool._id, await photo(70, 70, 'png'), 'image/png').expect(201);
    const [first, second] = ToolImagesSchema.parse(two.body).images;
    const res = await request(app)
      .patch(`/api/tools/${tool._id}/images`)
      .set('Authorization', admin.bearer)
      .send({ imageIds: [second!._id, first!._id] })
      .expect(200);
    expect(ToolImagesSchema.parse(res.body).images.map((i) => i._id)).toEqual([
      second!._id,
      first!._id,
    ]);
    const page = ToolSchema.parse((await request(app).get(`/api/tool/${tool._id}`)).body);
    expect(page.images[0]?._id).toBe(second!._id);
    // Not every photo named once: refused, the order stays.
    await request(app)
      .patch(`/api/tools/${tool._id}/images`)
      .set('Authorization', admin.bearer)
      .send({ imageIds: [first!._id] })
      .expect(409);
  });

  it('when an admin removes a photo, then it leaves the tool and its files go', async () => {
    const tool = await store.tools.create(buildTool());
    const res = await upload(tool._id, await photo(700, 350, 'jpeg'), 'image/jpeg').expect(201);
    const [image] = ToolImagesSchema.parse(res.body).images;
    const files = image!.variants.map((v) => fileOf(v.url));
    await request(app).get(image!.variants[0]!.url).expect(200);
    const removed = await request(app)
      .delete(`/api/tools/${tool._id}/images/${image!._id}`)
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(ToolImagesSchema.parse(removed.body).images).toEqual([]);
    for (const file of files) await expect(fs.stat(file)).rejects.toThrow();
    await request(app).get(image!.variants[0]!.url).expect(404);
    await request(app)
      .delete(`/api/tools/${tool._id}/images/${image!._id}`)
      .set('Authorization', admin.bearer)
      .expect(404);
  });
});

describe('GET /api/images/{toolId}/{file}', () => {
  it('when a stored variant is asked for, then it is WebP with a long cache life', async () => {
    const tool = await store.tools.create(buildTool());
    const res = await upload(tool._id, await photo(400, 300, 'png'), 'image/png').expect(201);
    const url = ToolImagesSchema.parse(res.body).images[0]!.variants[0]!.url;
    const file = await request(app).get(url).expect(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(app).get(`/api/images/${tool._id}/..%2F..%2Fshop.db`).expect(400);
  });
});
