import path from 'node:path';
import { expect } from '@playwright/test';
import { shoot, signIn, test } from './fixtures';

// The customer's dashboard on the real shop: My Profile is saved and survives a reload, and a
// review added from Add a Review shows on the home page. Screens go to test-results/screens/.
const screens = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'screens');

test('a customer saves their profile, sees it again after a reload, and adds a review that shows on home', async ({
  customerAccount,
  page,
}) => {
  await signIn(page, customerAccount);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'Add a Review' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'All Users' })).toHaveCount(0);
  // The row opens on its first entries, not scrolled to My Profile past My Orders.
  await expect(sidebar.getByRole('link', { name: 'My Orders' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({
    path: path.join(screens, 'dashboard-sidebar-customer-375.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 1280, height: 900 });

  await sidebar.getByRole('link', { name: 'My Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  const form = page.getByRole('form', { name: 'My Profile' });
  await expect(form.getByLabel('Email address')).toHaveValue(customerAccount.email);
  await expect(form.getByLabel('Email address')).not.toBeEditable();
  await form.getByLabel('Name', { exact: true }).fill('Demo Customer');
  await form.getByLabel('LinkedIn profile link').fill('https://www.linkedin.com/in/demo-customer');
  await form.getByLabel('Country').selectOption('Bangladesh');
  await form.getByLabel('Street address').fill('House 12, Road 5, Dhanmondi');
  await form.getByLabel('City').fill('Dhaka');
  await form.getByLabel('State').fill('Dhaka Division');
  await form.getByLabel('Postal code').fill('1209');
  await form.getByLabel('Phone').fill('+880 1711 000000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your Information added successfully!!' }),
  ).toBeVisible();
  await shoot(page, 'my-profile');

  await page.reload();
  await expect(form.getByLabel('City')).toHaveValue('Dhaka');
  await expect(form.getByLabel('Street address')).toHaveValue('House 12, Road 5, Dhanmondi');
  await expect(form.getByLabel('Postal code')).toHaveValue('1209');
  await expect(form.getByLabel('Phone')).toHaveValue('+880 1711 000000');
  await expect(form.getByLabel('Country')).toHaveValue('Bangladesh');
  await expect(form.getByLabel('Country').locator('option').first()).toHaveText('Bangladesh');

  const text = `Sturdy <b>clamps</b>, quick delivery (${Date.now()}).`;
  await page.goto('/dashboard/add-review');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a Review' })).toBeVisible();
  await page.getByLabel('Review', { exact: true }).fill(text);
  await expect(page.getByLabel('Ratings')).toHaveAttribute('placeholder', '1 to 5');
  await page.getByLabel('Ratings').fill('9');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Ratings must be a whole number from 1 to 5')).toBeVisible();
  await shoot(page, 'add-review-invalid', [1280]);
  await page.getByLabel('Ratings').fill('4');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Review added successfully!!' }),
  ).toBeVisible();
  await expect(page.getByLabel('Review', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Ratings')).toHaveValue('');
  await shoot(page, 'add-review');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  const card = reviews.getByRole('figure').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card.getByText('Ratings: 4')).toBeVisible();
  // Shown verbatim: the markup is text, not a bold element.
  await expect(card.locator('b')).toHaveCount(0);
});
