import { expect, test } from '@playwright/test';
import { createTool } from './fixtures';

// The public pages as a visitor sees them, against the real shop with its seeded catalogue. The
// journeys beside these add and delete tools all the time: a test that must find a tool among
// the newest (home lists the newest first) or open one tool's page adds that tool itself.

test.describe('public pages', () => {
  test('when a visitor opens home, then the newest tools, statistics and reviews show', async ({
    page,
  }) => {
    const tool = await createTool(page.request, { name: 'Core Drill' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: `Purchase ${tool.name}` })).toBeVisible();
    await expect(page.getByText('Millions Business Trust Us')).toBeVisible();
    await expect(page.getByText('Try to Understand Users Expectation')).toBeVisible();
    await expect(page.getByText(/Ratings: [1-5]/).first()).toBeVisible();
    await expect(page.locator('.tool-card').first()).toContainText('Price: $');
  });

  test('when a visitor searches, then matching tools link to their purchase pages and the input clears', async ({
    page,
  }) => {
    await page.goto('/home');
    const box = page.getByPlaceholder('Search...');
    await box.fill('grinder');
    await page
      .getByRole('search', { name: 'Tools' })
      .getByRole('button', { name: 'Search', exact: true })
      .click();
    // Results are on the catalogue page; each card's Purchase leads to the purchase page.
    await expect(page).toHaveURL(/\/tools\?search=grinder/);
    const result = page.getByRole('link', { name: /^Purchase .*Angle Grinder/ }).first();
    await expect(result).toBeVisible();
    await expect(result).toHaveAttribute('href', /\/purchase\/[0-9a-f]{24}$/);
    // The home box was cleared on submit; the results page has the term in its own search.
    await page.goBack();
    await expect(page.getByPlaceholder('Search...')).toHaveValue('');
  });

  test('when the carousel arrows are used, then the slide changes and wraps', async ({ page }) => {
    await page.goto('/');
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await expect(carousel.getByRole('group', { name: 'Slide 1 of 3' })).toBeVisible();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(carousel.getByRole('group', { name: 'Slide 2 of 3' })).toBeVisible();
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect(carousel.getByRole('group', { name: 'Slide 3 of 3' })).toBeVisible();
  });

  test('when a visitor opens the blog and the portfolio, then they read', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { name: 'Questions and Answer' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /prototypal inheritance/i })).toBeVisible();
    await page.getByRole('link', { name: 'My Portfolio' }).first().click();
    await expect(page).toHaveURL(/\/my-portfolio$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test("when a tool's page is opened, then its HTML already has the tool, and the page works as before", async ({
    page,
  }) => {
    // In stock, with an image URL and no uploaded photos.
    const tool = await createTool(page.request, { name: 'Wood Chisel' });
    const escape = (text: string) =>
      text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;');
    // The HTML the server sends, before any script: the tool's name and photo are in it.
    const html = await (await page.request.get(`/tool/${tool._id}`)).text();
    expect(html).toContain(`<title>${escape(tool.name)} · Toolworks</title>`);
    expect(html).toContain(`<h1 id="tool-title">${escape(tool.name)}</h1>`);
    expect(html).toContain(`<img src="${escape(tool.img)}"`);
    expect(html).toContain(`<link rel="preload" as="image" href="${escape(tool.img)}"`);
    // The page then reads the tool from its HTML rather than asking the API again.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/tool/${tool._id}`);
    await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
    await expect(page.getByRole('img', { name: tool.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Purchase', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Add to cart/ })).toBeVisible();
    expect(asked).not.toContain(`/api/tool/${tool._id}`);
    await page.getByRole('link', { name: 'Purchase', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('when a path is unknown, then the 404 page leads home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  for (const width of [375, 1280]) {
    test(`when home is shown at ${width} px, then nothing scrolls sideways (screenshot)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.locator('.tool-card').first()).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/home-${width}.png`, fullPage: true });
    });
  }
});
