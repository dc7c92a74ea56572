import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Store } from '../store/store.js';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';

/** A real SQLite store in a fresh temp dir, built from the migrations; cleanup removes both. */
export async function createTestStore(): Promise<{
  store: Store;
  dir: string;
  cleanup: () => Promise<void>;
}> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-test-'));
  const store = openSqliteStore(path.join(dir, 'shop.db'));
  return {
    store,
    dir,
    async cleanup() {
      await store.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
