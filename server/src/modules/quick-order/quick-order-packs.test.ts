import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { QuickOrderReportSchema } from '@toolworks/contract/quick-order';
import { buildTool } from '../../test/factories.js';
import { testConfig, useTestApp } from '../../test/test-app.js';

// Issue 50: quick order and CSV paste round a quantity up to whole packs and multiples, with a
// note on the line, never a refusal for that reason.
const shop = useTestApp(testConfig());

beforeAll(async () => {
  await shop.store.tools.insertMany([
    buildTool({
      sku: 'QP-RIV-100',
      name: 'Quick Rivets',
      priceCents: 1890,
      minimumOrderQuantity: 1,
      availableQuantity: 10_000,
      packSize: 100,
      priceBasis: 100,
    }),
    buildTool({
      sku: 'QP-BLT-6',
      name: 'Quick Bolts',
      priceCents: 120,
      minimumOrderQuantity: 12,
      availableQuantity: 100,
      orderMultiple: 6,
    }),
    buildTool({
      sku: 'QP-TAPE',
      name: 'Quick Tape',
      priceCents: 300,
      minimumOrderQuantity: 10,
      availableQuantity: 50,
    }),
  ]);
});

const check = async (lines: { sku: string; quantity: number }[]) =>
  QuickOrderReportSchema.parse(
    (await request(shop.app).post('/api/quick-order/check').send({ lines }).expect(200)).body,
  );

describe('POST /api/quick-order/check with packs', () => {
  it('when 150 of a pack of 100 is asked, then the line becomes 200, adjusted, with a note, priced per 100', async () => {
    const report = await check([{ sku: 'QP-RIV-100', quantity: 150 }]);
    expect(report.lines[0]).toEqual({
      sku: 'QP-RIV-100',
      requested: 150,
      quantity: 200,
      status: 'adjusted',
      message: 'Sold in packs of 100: 150 rounded up to 200',
      toolId: expect.any(String),
      unitPrice: 18.9,
      lineTotal: 37.8,
    });
    expect(report.okLines).toBe(1);
    expect(report.total).toBe(37.8);
    expect(report.tools[0]).toMatchObject({ packSize: 100, priceBasis: 100, quantityStep: 100 });
  });

  it.each([
    ['a whole number of packs', 'QP-RIV-100', 300, 'ok', 300],
    ['one piece of a pack', 'QP-RIV-100', 1, 'adjusted', 100],
    ['bolts off the multiple', 'QP-BLT-6', 13, 'adjusted', 18],
    ['bolts off the multiple and under the minimum', 'QP-BLT-6', 5, 'adjusted', 12],
    ['bolts rounded past the stock', 'QP-BLT-6', 97, 'above-stock', 97],
    ['bolts on the multiple, under the minimum', 'QP-BLT-6', 6, 'below-minimum', 6],
    ['an ordinary tool (nothing changes)', 'QP-TAPE', 11, 'ok', 11],
  ])(
    'when %s (%s x %i) is asked, then the line is %s',
    async (_, sku, quantity, status, becomes) => {
      const [line] = (await check([{ sku, quantity }])).lines;
      expect(line).toMatchObject({ status, quantity: becomes });
      if (status !== 'adjusted') expect(line).not.toHaveProperty('requested');
    },
  );
});
