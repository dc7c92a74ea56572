import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ListToolsQuerySchema } from '@toolworks/contract/tools';
import type { Store } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { createToolsService } from './tools.service.js';

/**
 * The catalogue's total is counted once per catalogue version and filter, even with the response
 * cache off. A store may answer asynchronously (MongoDB): a count read before a write may arrive
 * after a later request has already counted the new catalogue. The late, older count must not
 * replace the newer one.
 */

let store: Store;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ store, cleanup } = await createTestStore());
});
afterEach(() => cleanup());

const firstPage = ListToolsQuerySchema.parse({});

/** The store's list read at once (what it saw), answered only when the test releases it. */
function heldReads() {
  const release: (() => void)[] = [];
  const read = store.tools.listSerialized.bind(store.tools);
  store.tools.listSerialized = async (query, serialize) => {
    const page = await read(query, serialize);
    await new Promise<void>((resolve) => release.push(resolve));
    return page;
  };
  return release;
}

describe('the catalogue total with the response cache off', () => {
  it('when a count read before a write arrives after a newer count, then later pages keep the newer total', async () => {
    await store.tools.create(buildTool());
    const tools = createToolsService(store);
    const release = heldReads();

    const before = tools.list(firstPage); // counts 1 tool, answer held
    await new Promise((resolve) => setImmediate(resolve));
    await store.tools.create(buildTool());
    const after = tools.list(firstPage); // counts 2 tools
    await new Promise((resolve) => setImmediate(resolve));
    release[1]!();
    expect((await after).total).toBe(2);
    release[0]!();
    expect((await before).total).toBe(1);

    const later = tools.list(firstPage);
    await new Promise((resolve) => setImmediate(resolve));
    release[2]!();
    expect((await later).total).toBe(2);
  });
});
