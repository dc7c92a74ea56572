import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTool } from '../test/factories.js';
import { openStore } from './index.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-open-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('openStore', () => {
  it('when MongoDB is not configured, then SQLite opens at dataDir/shop.db, creating the folder', async () => {
    const dataDir = path.join(dir, 'data', 'nested');
    const logged: unknown[] = [];
    const store = await openStore(
      { dataDir, mongo: undefined },
      {
        info: (entry: unknown) => void logged.push(entry),
        error: (entry: unknown) => void logged.push(entry),
      },
    );
    try {
      expect(store.kind).toBe('sqlite');
      await store.tools.create(buildTool());
      await expect(fs.stat(path.join(dataDir, 'shop.db'))).resolves.toBeTruthy();
      expect(logged).toEqual([
        expect.objectContaining({ store: 'sqlite', file: path.join(dataDir, 'shop.db') }),
      ]);
    } finally {
      await store.close();
    }
  });
});
