import { describe, expect, it } from 'vitest';
import { ImportReportSchema } from '@toolworks/contract/catalogue-import';
import { buildTool } from '../../test/factories.js';
import { useAdminTestApp } from '../../test/admin-test-app.js';
import { CATALOGUE_HEADER as HEADER, catalogueCsvCalls } from '../../test/catalogue-csv.js';
import { parseCsv } from '../../lib/csv.js';

// Issue 51: the catalogue CSV carries each tool's tax class; optional on import (a file without
// it keeps each tool's), a blank cell `standard`.
const shop = useAdminTestApp();

const calls = catalogueCsvCalls(shop);
const exportCsv = calls.exportCsv;
const importCsv = async (csv: string, dryRun = false) =>
  ImportReportSchema.parse((await calls.importCsv(csv, dryRun)).body);

const row = (sku: string, taxClass: string) =>
  `${sku},Rail ${sku},other,42.00,,,100,1,,,Stainless,${taxClass}`;

describe('the catalogue CSV with tax classes', () => {
  it('when an admin exports, then each row ends with the tool’s tax class', async () => {
    await shop.store.tools.create(buildTool({ sku: 'CSV-TAX-R', taxClass: 'reduced' }));
    await shop.store.tools.create(buildTool({ sku: 'CSV-TAX-S' }));
    const [header, ...rows] = parseCsv((await exportCsv().expect(200)).body as string);
    expect(header?.at(-1)).toBe('Tax class');
    expect(rows.find((r) => r[0] === 'CSV-TAX-R')?.at(-1)).toBe('reduced');
    expect(rows.find((r) => r[0] === 'CSV-TAX-S')?.at(-1)).toBe('standard');
  });

  it('when a file sets classes, then the tools are made with them, and a blank cell is standard', async () => {
    const report = await importCsv(
      [
        `${HEADER},Tax class`,
        row('IMP-TAX-1', 'Reduced'),
        row('IMP-TAX-2', ''),
        row('IMP-TAX-3', 'zero'),
      ].join('\n'),
    );
    expect(report.counts).toMatchObject({ create: 3, refuse: 0 });
    expect(await shop.store.tools.getBySku('IMP-TAX-1')).toMatchObject({ taxClass: 'reduced' });
    expect(await shop.store.tools.getBySku('IMP-TAX-2')).toMatchObject({ taxClass: 'standard' });
    expect(await shop.store.tools.getBySku('IMP-TAX-3')).toMatchObject({ taxClass: 'zero' });
  });

  it('when a cell is not a class, then its row is refused naming the field', async () => {
    const report = await importCsv(
      [`${HEADER},Tax class`, row('IMP-TAX-BAD', 'luxury')].join('\n'),
      true,
    );
    expect(report.rows.map((r) => [r.row, r.action, r.problems])).toEqual([
      [2, 'refuse', ['Tax class must be standard, reduced or zero']],
    ]);
  });

  it('when a file has no tax class column, then a tool keeps its own; a change shows from and to', async () => {
    await shop.store.tools.create(
      buildTool({ sku: 'KEEP-TAX-1', name: 'Rail KEEP-TAX-1', taxClass: 'zero' }),
    );
    const kept = await importCsv(
      [HEADER, `KEEP-TAX-1,Rail KEEP-TAX-1,other,42.00,,,100,1,,,Stainless`].join('\n'),
    );
    expect(kept.counts).toMatchObject({ refuse: 0 });
    expect(await shop.store.tools.getBySku('KEEP-TAX-1')).toMatchObject({ taxClass: 'zero' });
    const changed = await importCsv(
      [`${HEADER},Tax class`, row('KEEP-TAX-1', 'standard')].join('\n'),
      true,
    );
    expect(changed.rows[0]?.changes).toContainEqual({
      field: 'Tax class',
      from: 'zero',
      to: 'standard',
    });
  });
});
