import { describe, expect, it } from 'vitest';
import { ImportReportSchema } from '@toolworks/contract/catalogue-import';
import { buildTool } from '../../test/factories.js';
import { useAdminTestApp } from '../../test/admin-test-app.js';
import {
  CATALOGUE_HEADER as HEADER,
  PACK_COLUMNS as PACKS,
  catalogueCsvCalls,
} from '../../test/catalogue-csv.js';
import { parseCsv } from '../../lib/csv.js';

// Issue 50: the catalogue CSV carries each tool's unit, pack size, order multiple and price
// basis; optional on import (a file without them keeps each tool's), a blank cell the default.
const shop = useAdminTestApp();

const calls = catalogueCsvCalls(shop);
const exportCsv = calls.exportCsv;
const importCsv = async (csv: string, dryRun = false) =>
  ImportReportSchema.parse((await calls.importCsv(csv, dryRun)).body);

const row = (sku: string, minimum: number, packs: string) =>
  `${sku},Rivets ${sku},other,18.90,,,5000,${minimum},,,Aluminium,${packs}`;

describe('the catalogue CSV with packs', () => {
  it('when an admin exports, then each row ends with the unit, pack size, order multiple and price basis', async () => {
    await shop.store.tools.create(
      buildTool({
        sku: 'CSV-RIV-100',
        unit: 'C62',
        packSize: 100,
        orderMultiple: 2,
        priceBasis: 100,
        minimumOrderQuantity: 200,
      }),
    );
    await shop.store.tools.create(buildTool({ sku: 'CSV-PLAIN-1' }));
    const [header, ...rows] = parseCsv((await exportCsv().expect(200)).body as string);
    expect(header?.slice(-5, -1).join(',')).toBe(PACKS);
    expect(rows.find((r) => r[0] === 'CSV-RIV-100')?.slice(-5, -1)).toEqual([
      'C62',
      '100',
      '2',
      '100',
    ]);
    expect(rows.find((r) => r[0] === 'CSV-PLAIN-1')?.slice(-5, -1)).toEqual(['C62', '1', '1', '1']);
  });

  it('when a file sets packs, then the tool is made with them, and blank cells are the defaults', async () => {
    const report = await importCsv(
      [`${HEADER},${PACKS}`, row('IMP-PK-1', 200, 'MTR,100,4,100'), row('IMP-PK-2', 7, ',,,')].join(
        '\n',
      ),
    );
    expect(report.counts).toMatchObject({ create: 2, refuse: 0 });
    expect(await shop.store.tools.getBySku('IMP-PK-1')).toMatchObject({
      unit: 'MTR',
      packSize: 100,
      orderMultiple: 4,
      priceBasis: 100,
    });
    expect(await shop.store.tools.getBySku('IMP-PK-2')).toMatchObject({
      unit: 'C62',
      packSize: 1,
      orderMultiple: 1,
      priceBasis: 1,
    });
  });

  it('when a file has bad pack cells, then each row is refused naming the field', async () => {
    const report = await importCsv(
      [
        `${HEADER},${PACKS}`,
        row('IMP-BAD-1', 10, 'BOX,1,1,1'),
        row('IMP-BAD-2', 10, 'C62,0,1,1'),
        row('IMP-BAD-3', 10, 'C62,1,six,1'),
        row('IMP-BAD-4', 10, 'C62,1,6,1'),
      ].join('\n'),
      true,
    );
    expect(report.rows.map((r) => [r.row, r.action, r.problems])).toEqual([
      [2, 'refuse', [expect.stringContaining('Unit must be one of')]],
      [3, 'refuse', ['Pack size must be 1 or more']],
      [4, 'refuse', ['Order multiple must be a number']],
      [5, 'refuse', ['Minimum order quantity must be a multiple of the order multiple (6)']],
    ]);
  });

  it('when a file has no pack columns, then a tool keeps its own, and a minimum off its multiple is refused', async () => {
    await shop.store.tools.create(
      buildTool({
        sku: 'KEEP-PK-1',
        name: 'Rivets KEEP-PK-1',
        packSize: 50,
        orderMultiple: 6,
        minimumOrderQuantity: 12,
      }),
    );
    const kept = await importCsv(
      [HEADER, `KEEP-PK-1,Rivets KEEP-PK-1,other,18.90,,,5000,18,,,Aluminium`].join('\n'),
    );
    expect(kept.counts).toMatchObject({ change: 1, refuse: 0 });
    expect(await shop.store.tools.getBySku('KEEP-PK-1')).toMatchObject({
      packSize: 50,
      orderMultiple: 6,
      minimumOrderQuantity: 18,
    });
    const off = await importCsv(
      [HEADER, `KEEP-PK-1,Rivets KEEP-PK-1,other,18.90,,,5000,20,,,Aluminium`].join('\n'),
      true,
    );
    expect(off.rows[0]?.problems).toEqual([
      'Minimum order quantity must be a multiple of the order multiple (6)',
    ]);
  });
});
