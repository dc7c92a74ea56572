import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, shoot, signIn } from './fixtures';

// Catalogue Import/Export as the demo admin: export the CSV, then import a file of our own SKUs
// (never the demo tools other journeys rely on): a dry run with a refused row, then a clean
// dry run and Apply, and the new tools are in the shop.

const HEADER =
  'SKU,Name,Category,Price,Volume prices,Specifications,Stock,Minimum order quantity,Image,Datasheet,Description';
// The export has the availability columns too; the file imported below leaves them out (they are
// optional, so a file made before them still imports).
const EXPORTED_HEADER = `${HEADER},Lead time (days),Backorders,Incoming stock,Unit,Pack size,Order multiple,Price basis,Tax class`;

test('the admin exports the catalogue, dry-runs an import, then applies it', async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const skus = [`E2E-IMP-${tag}-1`, `E2E-IMP-${tag}-2`] as const;
  await signIn(page, DEMO_ADMIN);
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Import/Export' })
    .click();
  await expect(page.getByRole('heading', { name: 'Catalogue Import/Export' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export catalogue CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = (await fs.readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(exported.split('\r\n')[0]).toBe(EXPORTED_HEADER);
  expect(exported).toContain('PF-DRL-18');

  const rows = [
    `${skus[0]},E2E Imported Clamp ${tag},hand-tools,12.50,50:11.00,Jaw: 100 mm,300,5,/images/tools/cordless-drill.svg,,Imported by the journey`,
    `${skus[1]},E2E Imported Level ${tag},hand-tools,8.00,,,200,1,/images/tools/cordless-drill.svg,,Imported by the journey`,
  ];
  const upload = (name: string, lines: string[]) =>
    page.getByLabel('CSV file').setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from([HEADER, ...lines].join('\r\n')),
    });

  await upload('with-a-bad-row.csv', [...rows, `E2E-BAD-${tag},,hand-tools,abc,,,5,1,/x.png,,Bad`]);
  const refused = page.getByRole('row', { name: new RegExp(`E2E-BAD-${tag}`) });
  await expect(refused).toContainText('Name is required');
  await expect(
    page.getByText(/2 tools to add, 0 tools to change, 0 rows unchanged, 1 row refused/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply import' })).toBeDisabled();
  await shoot(page, 'catalogue-import-refused');

  await upload('clean.csv', rows);
  await expect(page.getByText(/Dry run of clean\.csv: 2 tools to add/)).toBeVisible();
  expect((await request.get(`/api/tool/by-sku/${skus[0]}`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText(/Imported\. 2 tools added/)).toBeVisible();
  await shoot(page, 'catalogue-import-applied');

  const made = await request.get(`/api/tool/by-sku/${skus[0].toLowerCase()}`);
  expect(made.status()).toBe(200);
  expect(await made.json()).toMatchObject({
    name: `E2E Imported Clamp ${tag}`,
    price: 12.5,
    priceTiers: [{ minQuantity: 50, price: 11 }],
    specs: [{ name: 'Jaw', value: '100 mm' }],
  });
});
