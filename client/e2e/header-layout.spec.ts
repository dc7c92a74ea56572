import path from 'node:path';
import zlib from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { apiSession, createTool, DEMO_ADMIN, SCREENS_DIR, shoot, signIn, test } from './fixtures';

// What only a browser shows of issue 48: the header at every common width signed in (the search
// stays usable, the brand whole, nothing overlaps), a tool page loaded directly (every photo,
// its facts styled as in the app, Purchase and Add to cart on one line, a backorder tool's
// date), and /tools on a phone (the filters folded away). Screens go to test-results/screens/.

const WIDTHS = [375, 768, 1024, 1200, 1280, 1440, 1920];

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(page: Page, selector: string): Promise<Box> {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not on screen`);
  return found;
}

async function checkHeader(page: Page, who: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const header = page.locator('header.site-header');
    const input = header.getByRole('combobox', { name: 'Search tools' });
    if (width < 768) await header.getByRole('button', { name: 'Show search' }).click();
    await expect(input).toBeVisible();
    const search = await box(page, 'header.site-header .site-search-input');
    expect(search.width, `${who} at ${width} px: the search box's width`).toBeGreaterThanOrEqual(
      200,
    );
    // The brand's name whole (not cut to an ellipsis or hidden) from a tablet's width.
    const name = header.locator('.brand > span');
    if (width >= 768) {
      expect(
        await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.clientWidth > 40),
        `${who} at ${width} px: the brand's name`,
      ).toBe(true);
    }
    const parts = [
      await box(page, 'header.site-header .brand'),
      await box(page, 'header.site-header .site-search'),
      await box(page, 'header.site-header .site-header-extra'),
    ];
    if (width >= 1200) {
      parts.push(await box(page, 'header.site-header .nav-list'));
      const account = header.getByRole('button', { name: 'Sign Out' });
      await expect(account).toBeVisible();
      parts.push((await account.boundingBox()) as Box);
    } else {
      parts.push(await box(page, 'header.site-header .menu-toggle'));
    }
    for (const [i, a] of parts.entries())
      for (const b of parts.slice(i + 1))
        expect(overlap(a, b), `${who} at ${width} px: header parts overlap`).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({
      path: path.join(SCREENS_DIR, `header-${who}-${width}.png`),
      clip: { x: 0, y: 0, width, height: 220 },
    });
    if (width < 768) await header.getByRole('button', { name: 'Show search' }).click();
  }
}

test('the header keeps its search usable at every width, for a customer', async ({
  customerAccount,
  page,
}) => {
  await signIn(page, customerAccount);
  await page.goto('/tools');
  await expect(page.getByRole('article').first()).toBeVisible();
  await checkHeader(page, 'customer');
});

test('the header keeps its search usable at every width, for an admin', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/tools');
  await expect(page.getByRole('article').first()).toBeVisible();
  await checkHeader(page, 'admin');
});

/** A 400 x 300 PNG of one colour with a lighter disc: each photo of the tool tells apart. */
function pngPhoto(rgb: [number, number, number]): Buffer {
  const [width, height] = [400, 300];
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const disc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 3) ** 2;
      rows.set(disc ? [0xe8, 0xa3, 0x3d] : rgb, y * (width * 3 + 1) + 1 + x * 3);
    }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a tool page loaded directly shows every photo, its facts as in the app and a date to ship by', async ({
  page,
  request,
}) => {
  const admin = await apiSession(request, DEMO_ADMIN);
  const { _id: toolId, name } = await createTool(request, {
    name: 'E2E Gallery Vise',
    img: '/images/tools/bench-vise.svg',
    price: 78,
    description: 'Cast-iron bench vise, 150 mm jaws, swivel base. Made to order.',
    availableQuantity: 0,
    MinimumOrderQuantity: 2,
    leadTimeDays: 21,
    allowBackorders: true,
  });
  try {
    for (const rgb of [
      [0x2f, 0x5d, 0x8a],
      [0x3a, 0x7d, 0x44],
      [0x8a, 0x2f, 0x4f],
    ] as [number, number, number][]) {
      const uploaded = await request.post(`/api/tools/${toolId}/images`, {
        headers: { ...admin, 'Content-Type': 'image/png' },
        data: pngPhoto(rgb),
      });
      expect(uploaded.status()).toBe(201);
    }
    const by = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(Date.now() + 21 * 86_400_000));

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/tool/${toolId}`);
    await expect(page.getByText('Available to order')).toBeVisible();
    await expect(page.getByText(`Ships by ${by}`)).toBeVisible();
    const facts = page.locator('.tool-page-info .tool-card-facts');
    expect(await facts.evaluate((el) => getComputedStyle(el).listStyleType)).toBe('none');
    const skuFont = await page
      .locator('.tool-page-info .tool-sku')
      .evaluate((el) => getComputedStyle(el).fontFamily);
    const purchase = (await page.getByRole('link', { name: 'Purchase' }).boundingBox()) as Box;
    const add = (await page.getByRole('button', { name: /^Add to cart/ }).boundingBox()) as Box;
    expect(Math.abs(purchase.y - add.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(purchase.height - add.height)).toBeLessThanOrEqual(1);

    const thumbs = page.getByRole('group', { name: `Photos of ${name}` }).getByRole('button');
    await expect(thumbs).toHaveCount(3);
    await expect(thumbs.first()).toHaveAttribute('aria-current', 'true');
    await thumbs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(thumbs.nth(1)).toBeFocused();
    await expect(page.getByRole('img', { name: `${name}, photo 2 of 3` })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await shoot(page, 'tool-page-direct');

    // The same facts on a card of the catalogue: the SKU in the same font.
    await page.goto(`/tools?search=${encodeURIComponent(name)}`);
    const cardSku = page.getByRole('article', { name }).locator('.tool-sku');
    expect(await cardSku.evaluate((el) => getComputedStyle(el).fontFamily)).toBe(skuFont);
    await expect(
      page.getByRole('article', { name }).getByRole('button', { name: /^Add to cart/ }),
    ).toBeVisible();
  } finally {
    await request.delete(`/api/delete/${toolId}`, { headers: admin });
  }
});

test('on a phone, /tools folds its filters behind a Filters button and shows tools at once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/tools');
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  const top = ((await first.boundingBox()) as Box).y;
  expect(top, 'the first tool starts on the first screen').toBeLessThan(812 - 200);
  const filters = page.getByRole('button', { name: 'Filters' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Categories' })).toBeHidden();
  await page.screenshot({ path: path.join(SCREENS_DIR, 'tools-phone-first-screen.png') });
  await filters.click();
  await expect(page.getByRole('navigation', { name: 'Categories' })).toBeVisible();
  await expect(page.getByLabel('In stock only')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS_DIR, 'tools-phone-filters-open.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(filters).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Categories' })).toBeVisible();
});
