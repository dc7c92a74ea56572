import { expect } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { createTool, shoot, signIn, test } from './fixtures';

// Saved lists in the browser: a customer starts a list from a tool's page, adds a second tool to
// it, renames it on the dashboard, and puts the whole list in the cart.

// axe is injected as a script tag, which the shop's Content-Security-Policy refuses otherwise.
test.use({ bypassCSP: true });

const vanTool = { img: '/images/tools/torque-wrench.svg', price: 4.5, description: 'For the van.' };

test('a customer makes a list from tool pages, renames it and adds it all to the cart', async ({
  customerAccount,
  page,
}) => {
  const stamp = Date.now();
  const bits = await createTool(page.request, {
    ...vanTool,
    name: 'Van Drill Bits',
    availableQuantity: 500,
    MinimumOrderQuantity: 5,
  });
  const tape = await createTool(page.request, {
    ...vanTool,
    name: 'Van Tape',
    availableQuantity: 500,
    MinimumOrderQuantity: 2,
  });

  await signIn(page, customerAccount);
  const listName = `Van restock ${stamp}`;
  await page.goto(`/tool/${bits._id}`);
  await page.getByRole('button', { name: 'Add to list' }).click();
  const form = page.getByRole('form', { name: 'Add to a saved list' });
  await form.getByLabel('List', { exact: true }).selectOption({ label: 'A new list…' });
  await form.getByLabel('New list name').fill(listName);
  await expect(form.getByLabel('Quantity for the list')).toHaveValue('5');
  await form.getByLabel('Quantity for the list').fill('12');
  await expectNoSeriousViolations(page, 'the Add to list form');
  await shoot(page, 'tool-add-to-list');
  await form.getByRole('button', { name: 'Save to list' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added to ${listName}.` })).toBeVisible();

  await page.goto(`/tool/${tape._id}`);
  await page.getByRole('button', { name: 'Add to list' }).click();
  await form.getByLabel('List', { exact: true }).selectOption({ label: listName });
  await form.getByRole('button', { name: 'Save to list' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added to ${listName}.` })).toBeVisible();

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await page.getByRole('link', { name: 'Saved lists' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved lists' })).toBeVisible();
  const renamed = `Van restock North ${stamp}`;
  await page.getByRole('button', { name: `Rename ${listName}` }).click();
  await page.getByLabel(`New name for ${listName}`).fill(renamed);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('link', { name: renamed })).toBeVisible();
  await expectNoSeriousViolations(page, 'Saved lists');
  await shoot(page, 'saved-lists');

  await page.getByRole('link', { name: renamed }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByLabel(`Quantity of ${bits.name}`)).toHaveValue('12');
  await expect(page.getByLabel(`Quantity of ${tape.name}`)).toHaveValue('2');
  await expectNoSeriousViolations(page, 'a saved list');
  await shoot(page, 'saved-list');
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  const report = page.getByRole('status').filter({ hasText: 'added as listed' });
  await expect(report).toContainText('2 of 2 lines were added as listed.');
  await report.getByRole('link', { name: 'Go to your cart' }).click();

  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: bits.name })).toBeVisible();
  await expect(page.getByRole('link', { name: tape.name })).toBeVisible();
  const cartQuantity = (name: string) => page.getByRole('textbox', { name: `Quantity of ${name}` });
  await expect(cartQuantity(bits.name)).toHaveValue('12');
  await expect(cartQuantity(tape.name)).toHaveValue('2');
  await shoot(page, 'saved-list-cart');
});
