import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.js';
import { buildOrderInput, buildReview, buildTool } from './factories.js';
import { snapshotSqliteFile } from './store-snapshot.js';
import { createTestStore } from './test-store.js';

let store: Store;
let file: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  let dir: string;
  ({ store, dir, cleanup } = await createTestStore());
  file = path.join(dir, 'shop.db');
  const tool = await store.tools.create(buildTool({ name: 'Snapshot Spanner' }));
  await store.orders.place(buildOrderInput(tool._id));
  await store.reviews.create(buildReview());
});
afterAll(() => cleanup());

describe('snapshotSqliteFile', () => {
  it('when nothing was written, then two snapshots are identical', async () => {
    const first = snapshotSqliteFile(file);
    await store.tools.list({ offset: 0, limit: 10, search: 'spanner' });
    expect(snapshotSqliteFile(file)).toBe(first);
    expect(Object.keys(JSON.parse(first) as object)).toEqual(
      expect.arrayContaining(['orders', 'tools', 'reviews', 'users', 'profiles', 'payment_events']),
    );
  });

  it('when a row is added or changed, then the snapshot differs', async () => {
    const first = snapshotSqliteFile(file);
    await store.users.upsert('snapshot@example.com', 'Snap');
    const second = snapshotSqliteFile(file);
    expect(second).not.toBe(first);
    const [tool] = (await store.tools.list({ offset: 0, limit: 1 })).items;
    await store.tools.update(tool!._id, buildTool({ name: 'Renamed Spanner' }));
    expect(snapshotSqliteFile(file)).not.toBe(second);
  });
});
