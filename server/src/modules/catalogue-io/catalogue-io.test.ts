import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import {
  IMPORT_DEFAULT_IMAGE,
  IMPORT_MAX_CELL_CHARS,
  ImportReportSchema,
} from '@toolworks/contract/catalogue-import';
import { formatCount } from '@toolworks/contract/format';
import { buildTool } from '../../test/factories.js';
import { useAdminTestApp } from '../../test/admin-test-app.js';
import {
  AVAILABILITY_COLUMNS as AVAILABILITY,
  CATALOGUE_HEADER as HEADER,
  PACK_COLUMNS as PACKS,
  catalogueCsvCalls,
} from '../../test/catalogue-csv.js';
import { parseCsv } from '../../lib/csv.js';
import { addDays, dayOf } from '@toolworks/contract/availability';

const shop = useAdminTestApp();

const soon = addDays(dayOf(new Date()), 30);
const { exportCsv, importCsv } = catalogueCsvCalls(shop);

describe('GET /api/admin/catalogue.csv', () => {
  it('when an admin exports, then every tool is a row with every field, lists in their cell format, formulas guarded', async () => {
    const tool = await shop.store.tools.create(
      buildTool({
        sku: 'EXP-VISE-1',
        name: '=Bench "Vise", 6 in',
        priceCents: 4999,
        priceTiers: [
          { minQuantity: 50, priceCents: 4500 },
          { minQuantity: 200, priceCents: 4200 },
        ],
        specs: [
          { name: 'Jaw width', value: '6 in' },
          { name: 'Weight', value: '9 kg' },
        ],
        availableQuantity: 800,
        minimumOrderQuantity: 10,
        datasheetUrl: 'https://example.com/vise.pdf',
        description: 'Cast iron.\nSwivel base.',
        leadTimeDays: 21,
        allowBackorders: true,
        incomingStock: [{ quantity: 800, expectedDate: soon }],
      }),
    );
    const res = await exportCsv().expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="catalogue-.*\.csv"$/,
    );
    const [header, ...rows] = parseCsv(res.body as string);
    expect(header?.join(',')).toBe(`${HEADER},${AVAILABILITY},${PACKS},Tax class`);
    expect(rows.find((r) => r[0] === 'EXP-VISE-1')).toEqual([
      'EXP-VISE-1',
      `'=Bench "Vise", 6 in`,
      tool.category,
      '49.99',
      '50:45.00; 200:42.00',
      'Jaw width: 6 in | Weight: 9 kg',
      '800',
      '10',
      tool.img,
      'https://example.com/vise.pdf',
      'Cast iron.\nSwivel base.',
      '21',
      'yes',
      `800 on ${soon}`,
      'C62',
      '1',
      '1',
      '1',
      'standard',
    ]);
    expect(rows).toHaveLength(await shop.store.tools.count());
  });

  it('when a customer asks, then 403 and no CSV', async () => {
    await request(shop.app)
      .get('/api/admin/catalogue.csv')
      .set('Authorization', shop.customer.bearer)
      .expect(403);
  });
});

describe('POST /api/admin/catalogue/import', () => {
  it('when the exported file comes back unchanged, then every row is unchanged and nothing is reported', async () => {
    const csv = (await exportCsv().expect(200)).body as string;
    const report = ImportReportSchema.parse((await importCsv(csv, true).expect(200)).body);
    expect(report.counts).toMatchObject({ create: 0, change: 0, refuse: 0 });
    expect(report.counts.unchanged).toBe(report.counts.rows);
    expect(report.rows).toEqual([]);
  });

  it('when a file creates, changes and refuses rows, then the dry run says which and why and writes nothing; apply refuses while a row is refused', async () => {
    const saw = await shop.store.tools.create(
      buildTool({ sku: 'IMP-SAW-1', name: 'Import Saw', priceCents: 1000, availableQuantity: 50 }),
    );
    const before = await shop.store.tools.count();
    const csv = [
      HEADER,
      'IMP-NEW-1,Import Drill,other,25.00,10:22.50,Voltage: 18 V,100,1,/images/tools/drill.svg,,New drill',
      `imp-saw-1,Import Saw,${saw.category},12.50,,,75,1,${saw.img},,"${saw.description}"`,
      'IMP-BAD-1,,other,abc,,,5,10,javascript:alert(1),,Bad',
      'IMP-NEW-1,Again,other,1.00,,,1,1,/images/tools/drill.svg,,Twice',
      'IMP-BAD-2,Odd tiers,nowhere,5.00,fifty,,5,1,/images/tools/drill.svg,,x',
    ].join('\r\n');

    const dry = ImportReportSchema.parse((await importCsv(csv, true).expect(200)).body);
    expect(dry).toMatchObject({ dryRun: true, applied: false });
    expect(dry.counts).toEqual({ rows: 5, create: 1, change: 1, unchanged: 0, refuse: 3 });
    expect(dry.rows[0]).toEqual({
      row: 2,
      sku: 'IMP-NEW-1',
      action: 'create',
      name: 'Import Drill',
    });
    expect(dry.rows[1]).toMatchObject({
      row: 3,
      sku: 'imp-saw-1',
      action: 'change',
      fields: ['SKU', 'Price', 'Stock', 'Minimum order quantity'],
    });
    const bad = dry.rows.find((r) => r.row === 4);
    expect(bad?.action).toBe('refuse');
    expect(bad?.problems).toEqual(
      expect.arrayContaining(['Name is required', 'Price must be a number']),
    );
    expect(dry.rows.find((r) => r.row === 5)?.problems).toEqual([
      'SKU IMP-NEW-1 is already on row 2',
    ]);
    expect(dry.rows.find((r) => r.row === 6)?.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Volume prices must read like/)]),
    );
    for (const problem of dry.rows.flatMap((r) => r.problems ?? []))
      expect(problem).not.toMatch(/availableQuantity|MinimumOrderQuantity|priceTiers/);

    const refused = await importCsv(csv, false).expect(400);
    expect(ErrorBodySchema.parse(refused.body).error.message).toBe(
      '3 rows are refused; nothing was imported. Fix them and run the dry run again.',
    );
    expect(await shop.store.tools.count()).toBe(before);
    expect(await shop.store.tools.get(saw._id)).toEqual(saw);
  });

  it('when a clean file is applied, then every row is written at once and the catalogue version moves', async () => {
    const kept = await shop.store.tools.create(
      buildTool({ sku: 'IMP-KEEP-1', name: 'Kept Hammer', priceCents: 1500 }),
    );
    const version = shop.store.catalogueVersion();
    const csv = [
      HEADER,
      'IMP-APPLY-1,Applied Drill,other,25.00,10:22.50; 50:20.00,Voltage: 18 V | Weight: 1.5 kg,100,2,/images/tools/drill.svg,https://example.com/d.pdf,New drill',
      `IMP-KEEP-1,Kept Hammer Pro,${kept.category},15.00,,,${kept.availableQuantity},${kept.minimumOrderQuantity},${kept.img},,"${kept.description}"`,
    ].join('\n');

    const applied = ImportReportSchema.parse((await importCsv(csv, false).expect(200)).body);
    expect(applied).toMatchObject({ dryRun: false, applied: true });
    expect(applied.counts).toMatchObject({ create: 1, change: 1, refuse: 0 });
    expect(applied.rows[1]).toMatchObject({ sku: 'IMP-KEEP-1', fields: ['Name'] });
    const drill = await shop.store.tools.getBySku('imp-apply-1');
    expect(drill).toMatchObject({
      name: 'Applied Drill',
      priceCents: 2500,
      priceTiers: [
        { minQuantity: 10, priceCents: 2250 },
        { minQuantity: 50, priceCents: 2000 },
      ],
      specs: [
        { name: 'Voltage', value: '18 V' },
        { name: 'Weight', value: '1.5 kg' },
      ],
      availableQuantity: 100,
      minimumOrderQuantity: 2,
      datasheetUrl: 'https://example.com/d.pdf',
    });
    expect((await shop.store.tools.get(kept._id))?.name).toBe('Kept Hammer Pro');
    expect(shop.store.catalogueVersion()).not.toBe(version);
    const public_ = await request(shop.app).get('/api/tool/by-sku/IMP-APPLY-1').expect(200);
    expect(public_.body.name).toBe('Applied Drill');
  });

  it('when a file has the availability columns, then it sets lead time, backorders and batches; without them each tool keeps its own', async () => {
    const tool = await shop.store.tools.create(
      buildTool({ sku: 'IMP-ATP-1', leadTimeDays: 7, allowBackorders: true }),
    );
    const row = (extra: string) =>
      `IMP-ATP-1,${tool.name},other,25.00,,,500,10,${tool.img},,"${tool.description}"${extra}`;
    const old = ImportReportSchema.parse(
      (await importCsv(`${HEADER}\n${row('')}\n`, false).expect(200)).body,
    );
    expect(old.counts.unchanged).toBe(1);
    expect(await shop.store.tools.get(tool._id)).toMatchObject({
      leadTimeDays: 7,
      allowBackorders: true,
    });

    const csv = `${HEADER},${AVAILABILITY}\n${row(`,14,no,250 on ${soon}`)}\n`;
    const applied = ImportReportSchema.parse((await importCsv(csv, false).expect(200)).body);
    expect(applied.rows).toMatchObject([
      { row: 2, sku: 'IMP-ATP-1', action: 'change', fields: [...AVAILABILITY.split(',')] },
    ]);
    expect(applied.rows[0]?.changes).toEqual([
      { field: 'Lead time (days)', from: '7', to: '14' },
      { field: 'Backorders', from: 'yes', to: 'no' },
      { field: 'Incoming stock', from: '', to: `250 on ${soon}` },
    ]);
    expect(await shop.store.tools.get(tool._id)).toMatchObject({
      leadTimeDays: 14,
      allowBackorders: false,
      incomingStock: [{ quantity: 250, expectedDate: soon, promised: 0 }],
    });

    const bad =
      `${HEADER},${AVAILABILITY}\n${row(',0,maybe,250 on 2020-01-01')}\n${row(',,,lots soon')}\n`.replace(
        /\n(IMP-ATP-1)(.*)\n(IMP-ATP-1)/,
        '\n$1$2\nIMP-ATP-2',
      );
    const report = ImportReportSchema.parse((await importCsv(bad, true).expect(200)).body);
    expect(report.rows[0]?.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Lead time must be a whole number of days/),
        'Allow backorders must be true or false',
      ]),
    );
    expect(report.rows[1]?.problems).toEqual([
      'Incoming stock must read like "800 on 2027-03-12; 500 on 2027-04-01" (not "lots soon")',
    ]);
  });

  it('when a batch in the file is dated in the past, then that row is refused', async () => {
    const tool = await shop.store.tools.create(buildTool({ sku: 'IMP-ATP-3' }));
    const csv = `${HEADER},${AVAILABILITY}\nIMP-ATP-3,${tool.name},other,25.00,,,500,10,${tool.img},,"${tool.description}",,yes,5 on 2020-01-01\n`;
    const report = ImportReportSchema.parse((await importCsv(csv, true).expect(200)).body);
    expect(report.rows[0]).toMatchObject({
      action: 'refuse',
      problems: ['Expected date cannot be in the past'],
    });
  });

  it('when the header lacks a column or names an unknown one, then 400 and nothing is read', async () => {
    const res = await importCsv('SKU,Name\nA-1,Saw', true).expect(400);
    expect(ErrorBodySchema.parse(res.body).error.message).toMatch(/^Missing columns: Category/);
    const unknown = await importCsv(`${HEADER},Colour\n`, true).expect(400);
    expect(ErrorBodySchema.parse(unknown.body).error.message).toMatch(/^Unknown columns: Colour/);
  });
});

describe('POST /api/admin/catalogue/import, bounded and plain-spoken (issue 48)', () => {
  it('when a cell is longer than a cell may be, then 400 naming its row and column, and nothing is read', async () => {
    const long = 'x'.repeat(IMPORT_MAX_CELL_CHARS + 1);
    const csv = `${HEADER}\nIMP-OK-1,Fine,other,1.00,,,1,1,/images/tools/drill.svg,,ok\nIMP-LONG-1,Long,other,1.00,,,1,1,/images/tools/drill.svg,,"${long}"\n`;
    const res = await importCsv(csv, true).expect(400);
    expect(ErrorBodySchema.parse(res.body).error.message).toBe(
      `Row 3, column Description: a cell holds at most ${formatCount(IMPORT_MAX_CELL_CHARS)} characters (is a quote left open?)`,
    );
  });

  it('when a cell holds a control character or a lone surrogate, then its row is refused and nothing is stored', async () => {
    const csv = [
      HEADER,
      'IMP-NUL-1,Null\u0000Saw,other,1.00,,,1,1,/images/tools/drill.svg,,ok',
      'IMP-SUR-1,Surrogate Saw,other,1.00,,,1,1,/images/tools/drill.svg,,half \ud800 a character',
      'IMP-BEL-1,Bell Saw,other,1.00,,,1,1,/images/tools/drill.svg,,"ring\u0007"',
      'IMP-NL-1,Line Saw,other,1.00,,,1,1,/images/tools/drill.svg,,"two\nlines\ttabbed"',
    ].join('\n');
    const dry = ImportReportSchema.parse((await importCsv(csv, true).expect(200)).body);
    expect(dry.counts).toMatchObject({ create: 1, refuse: 3 });
    expect(dry.rows.map((r) => [r.sku, r.problems])).toEqual([
      ['IMP-NUL-1', ['Name holds a control character (U+0000)']],
      ['IMP-SUR-1', ['Description holds text that is not valid Unicode (half a character)']],
      ['IMP-BEL-1', ['Description holds a control character (U+0007)']],
      ['IMP-NL-1', undefined],
    ]);
    await importCsv(csv, false).expect(400);
    expect(await shop.store.tools.getBySku('IMP-NUL-1')).toBeNull();
  });

  it('when a new row has no image, then the tool is added with the shop’s no-photo picture', async () => {
    const csv = `${HEADER}\nIMP-NOIMG-1,Bare Clamp,other,3.00,,,10,1,,,No photo yet\n`;
    const applied = ImportReportSchema.parse((await importCsv(csv, false).expect(200)).body);
    expect(applied.counts).toMatchObject({ create: 1, refuse: 0 });
    expect(await shop.store.tools.getBySku('IMP-NOIMG-1')).toMatchObject({
      img: IMPORT_DEFAULT_IMAGE,
    });
  });

  it('when a number is negative, then the field’s own rule is quoted; an unknown category is named beside other problems', async () => {
    const csv = [
      HEADER,
      'IMP-NEG-1,Neg Saw,other,-2,,,-3,-1,/images/tools/drill.svg,,x',
      'IMP-CAT-1,Cat Saw,nowhere-known,abc,,,1,1,/images/tools/drill.svg,,x',
    ].join('\n');
    const dry = ImportReportSchema.parse((await importCsv(csv, true).expect(200)).body);
    const [negative, category] = dry.rows;
    expect(negative?.problems).toEqual(
      expect.arrayContaining([
        'Price must be more than 0',
        'Availability must be 0 or more',
        'Minimum order quantity must be 1 or more',
      ]),
    );
    for (const problem of negative?.problems ?? []) expect(problem).not.toMatch(/a number/);
    expect(category?.problems).toEqual(
      expect.arrayContaining(['Price must be a number', 'Unknown category "nowhere-known"']),
    );
  });

  it('when a dry run adds and changes tools, then it lists each new tool by name and each change from old to new', async () => {
    const tool = await shop.store.tools.create(
      buildTool({ sku: 'IMP-DIFF-1', name: 'Diff Saw', priceCents: 1000, availableQuantity: 50 }),
    );
    const csv = [
      HEADER,
      `IMP-DIFF-1,Diff Saw Pro,${tool.category},12.50,,,${tool.availableQuantity},${tool.minimumOrderQuantity},${tool.img},,"${tool.description}"`,
      'IMP-ADD-1,Added Drill,other,25.00,,,100,1,/images/tools/drill.svg,,New drill',
    ].join('\n');
    const dry = ImportReportSchema.parse((await importCsv(csv, true).expect(200)).body);
    expect(dry.rows).toEqual([
      {
        row: 2,
        sku: 'IMP-DIFF-1',
        action: 'change',
        name: 'Diff Saw Pro',
        fields: ['Name', 'Price'],
        changes: [
          { field: 'Name', from: 'Diff Saw', to: 'Diff Saw Pro' },
          { field: 'Price', from: '10.00', to: '12.50' },
        ],
      },
      { row: 3, sku: 'IMP-ADD-1', action: 'create', name: 'Added Drill' },
    ]);
  });
});
