import { expect, test, type Page } from '@playwright/test';
import { shoot } from './fixtures';

/** The header's brand, cart and Menu: their vertical centres, to see they share one row. */
async function headerRow(page: Page) {
  const centre = async (name: string, role: 'link' | 'button') => {
    const box = await page
      .getByRole('banner')
      .getByRole(role, { name, exact: role === 'button' })
      .boundingBox();
    if (!box) throw new Error(`${name} is not on screen`);
    return Math.round(box.y + box.height / 2);
  };
  return [
    await centre('Toolworks', 'link'),
    await centre('Cart', 'link'),
    await centre('Menu', 'button'),
  ];
}

test('when the catalogue and a tool page open at 375 px, then the header is one row and nothing overflows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/tools');
  await expect(page.getByRole('article').first()).toBeVisible();
  const [brand, ...others] = await headerRow(page);
  for (const centre of others) expect(Math.abs(centre - (brand ?? 0))).toBeLessThanOrEqual(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(page, 'catalogue');

  // shoot() leaves the page at 1280 px.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('article').first().getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('img').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(page, 'tool-public-page');
});

test('when nothing matches, then "No tools match" offers Clear filters, which lists every tool again', async ({
  page,
}) => {
  await page.goto('/tools?search=no-such-tool-anywhere&inStock=true');
  const results = page.getByRole('region', { name: 'Tools' });
  await expect(results.getByText('No tools match.')).toBeVisible();
  await expect(page.getByText('0 tools match')).toBeVisible();
  await shoot(page, 'catalogue-empty', [375]);

  // One "Clear filters", in the empty state beside what to try next (issue 48).
  await expect(results.getByRole('button', { name: 'Clear filters' })).toHaveCount(1);
  await expect(results.getByText(/Check the spelling/)).toBeVisible();
  await results.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/tools$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByLabel('In stock only')).not.toBeChecked();
});

test('when the keyboard starts on the catalogue, then the skip link comes first and leads to the page', async ({
  page,
}) => {
  await page.goto('/tools');
  // The page's HTML draws the heading before any script runs: the first Tab may come before
  // React draws over it, and the focus must then survive the takeover.
  await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toBeVisible(); // React's header
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
