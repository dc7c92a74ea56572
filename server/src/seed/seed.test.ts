import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.js';
import { buildReview, buildTool } from '../test/factories.js';
import { createTestStore } from '../test/test-store.js';
import { demoReviews, demoTools } from './demo-data.js';
import { skuSchema } from '@toolworks/contract/sku';
import { seedDemoData } from './seed.js';

const publicDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../client/public',
);

let store: Store;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ store, cleanup } = await createTestStore());
});
afterEach(async () => {
  await cleanup();
});

describe('seedDemoData', () => {
  it('when the shop is empty, then it seeds once and never twice', async () => {
    expect(await seedDemoData(store)).toEqual({
      tools: demoTools.length,
      reviews: demoReviews.length,
    });
    expect(await seedDemoData(store)).toEqual({ tools: 0, reviews: 0 });
    expect(await store.tools.count()).toBe(demoTools.length);
    expect(await store.reviews.count()).toBe(demoReviews.length);
  });

  it('when seeded, then the catalogue and reviews list in the demo order', async () => {
    await seedDemoData(store);
    const { items } = await store.tools.list({ offset: 0, limit: 100 });
    expect(items.map((t) => t.name)).toEqual(demoTools.map((t) => t.name));
    expect((await store.reviews.list()).map((r) => r.review)).toEqual(
      demoReviews.map((r) => r.review),
    );
  });

  it('when tools already exist, then no tool is added but missing reviews are', async () => {
    await store.tools.create(buildTool({ name: 'Admin Own Tool' }));
    expect(await seedDemoData(store)).toEqual({ tools: 0, reviews: demoReviews.length });
    expect(await store.tools.count()).toBe(1);
  });

  it('when reviews already exist, then no review is added but missing tools are', async () => {
    await store.reviews.create(buildReview());
    expect(await seedDemoData(store)).toEqual({ tools: demoTools.length, reviews: 0 });
    expect(await store.reviews.count()).toBe(1);
  });
});

describe('demo data', () => {
  it('when shown in the shop, then every tool is complete, orderable and has its image', () => {
    expect(demoTools.length).toBeGreaterThanOrEqual(12);
    expect(new Set(demoTools.map((t) => t.name)).size).toBe(demoTools.length);
    for (const tool of demoTools) {
      expect(tool.img).toMatch(/^\/images\/tools\/[a-z0-9-]+\.svg$/);
      expect(fs.existsSync(path.join(publicDir, tool.img)), tool.img).toBe(true);
      expect(Number.isInteger(tool.priceCents) && tool.priceCents > 0).toBe(true);
      expect(tool.minimumOrderQuantity).toBeGreaterThanOrEqual(10);
      expect(tool.availableQuantity).toBeGreaterThanOrEqual(tool.minimumOrderQuantity * 10);
      expect(tool.description.length).toBeGreaterThan(40);
    }
  });

  it('when a buyer types a part number, then every demo tool has a short readable SKU of its own', () => {
    const skus = demoTools.map((t) => t.sku ?? '');
    for (const sku of skus) expect(skuSchema.parse(sku)).toMatch(/^[A-Z]{2}-[A-Z]{3}-\d+$/);
    expect(new Set(skus.map((sku) => sku.toUpperCase())).size).toBe(demoTools.length);
  });

  it('when shown in the shop, then the reviews are rated 1 to 5 and signed', () => {
    expect(demoReviews.length).toBeGreaterThanOrEqual(6);
    for (const review of demoReviews) {
      expect(Number.isInteger(review.ratings) && review.ratings >= 1 && review.ratings <= 5).toBe(
        true,
      );
      expect(review.authorName).not.toBe('');
      expect(review.authorEmail).toMatch(/^[a-z.]+@example\.com$/);
    }
  });
});
