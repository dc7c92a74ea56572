import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { QuickOrderReportSchema } from '@toolworks/contract/quick-order';
import type { Store } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { testDeps } from '../../test/sign-in.js';

let store: Store;
let cleanup: () => Promise<void>;
const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIST: '/nonexistent/toolworks-dist' });
const app = () => createApp(testDeps(store, config));

beforeEach(async () => {
  ({ store, cleanup } = await createTestStore());
  await store.tools.create(
    buildTool({
      sku: 'PF-DRL-18',
      name: 'Cordless Drill',
      priceCents: 8900,
      minimumOrderQuantity: 20,
      availableQuantity: 1200,
      priceTiers: [{ minQuantity: 100, priceCents: 8000 }],
    }),
  );
  await store.tools.create(
    buildTool({
      sku: 'HT-HMR-16',
      name: 'Claw Hammer',
      minimumOrderQuantity: 10,
      availableQuantity: 50,
    }),
  );
  await store.tools.create(
    buildTool({
      sku: 'MS-TAP-8',
      name: 'Tape Measure',
      minimumOrderQuantity: 10,
      availableQuantity: 4,
    }),
  );
});
afterEach(() => cleanup());

const check = (lines: unknown) => request(app()).post('/api/quick-order/check').send({ lines });

describe('POST /api/quick-order/check', () => {
  it('when a visitor checks a paste, then each line answers in order with its reason, name, tier price and total', async () => {
    const res = await check([
      { sku: 'pf-drl-18', quantity: 100 },
      { sku: 'HT-HMR-16', quantity: 5 },
      { sku: 'HT-HMR-16', quantity: 20 },
      { sku: 'NOPE-1', quantity: 10 },
      { sku: 'MS-TAP-8', quantity: 10 },
      { sku: 'PF-DRL-18', quantity: 30 },
      { sku: 'not a sku!', quantity: 3 },
    ]).expect(200);
    const report = QuickOrderReportSchema.parse(res.body);
    expect(report.lines.map((l) => l.status)).toEqual([
      'ok',
      'below-minimum',
      'duplicate',
      'unknown',
      'sold-out',
      'duplicate',
      'unknown',
    ]);
    const drill = report.tools.find((tool) => tool.sku === 'PF-DRL-18');
    expect(drill).toMatchObject({ name: 'Cordless Drill', MinimumOrderQuantity: 20 });
    expect(report.lines[0]).toMatchObject({
      sku: 'pf-drl-18',
      quantity: 100,
      unitPrice: 80,
      lineTotal: 8000,
      toolId: drill?._id,
    });
    // Each tool once, in the answer's tools, however many lines name it.
    expect(report.tools.map((tool) => tool.sku).sort()).toEqual([
      'HT-HMR-16',
      'MS-TAP-8',
      'PF-DRL-18',
    ]);
    expect(report.lines[1]?.message).toBe('The minimum order of Claw Hammer is 10');
    expect(report.lines[2]?.message).toBe('HT-HMR-16 is already on line 2: give its quantity once');
    expect(report.lines[3]?.message).toBe('No tool has the SKU NOPE-1');
    expect(report.lines[4]?.message).toBe('Tape Measure is sold out for now');
    expect(report).toMatchObject({ okLines: 1, total: 8000 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('when a quantity is above the stock or not a whole number, then the line says so', async () => {
    const res = await check([
      { sku: 'HT-HMR-16', quantity: 51 },
      { sku: 'PF-DRL-18', quantity: 20.5 },
    ]).expect(200);
    const report = QuickOrderReportSchema.parse(res.body);
    expect(report.lines.map((l) => [l.status, l.message])).toEqual([
      ['above-stock', 'Only 50 of Claw Hammer in stock'],
      ['bad-quantity', 'Quantity must be a whole number of 1 or more'],
    ]);
    expect(report.okLines).toBe(0);
  });

  it('when 2,000 lines are checked, then all answer; 2,001 is a 400 in words and nothing else', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => ({
      sku: i % 2 ? `UNKNOWN-SKU-NUMBER-${i}` : 'PF-DRL-18',
      quantity: 20,
    }));
    const res = await check(lines).expect(200);
    expect(QuickOrderReportSchema.parse(res.body).lines).toHaveLength(2000);
    // The tool goes once, not on each of its 1,000 lines (476 kB before, 280 kB now).
    expect(res.text.split('Cordless Drill')).toHaveLength(2);
    expect(res.text.length).toBeLessThan(300_000);
    const tooMany = await check([...lines, { sku: 'X', quantity: 1 }]).expect(400);
    expect(ErrorBodySchema.parse(tooMany.body).error.message).toBe(
      'Check at most 2,000 lines at once',
    );
  });

  it('when the body is not lines of text and numbers, then 400', async () => {
    for (const lines of [[], 'abc', [{ sku: 1, quantity: 2 }], [{ sku: 'A', quantity: '2' }]]) {
      const res = await check(lines).expect(400);
      expect(ErrorBodySchema.parse(res.body).error.code).toBe('VALIDATION_ERROR');
    }
  });
});
