import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  AUTH_EMULATOR_PROJECT,
  AUTH_EMULATOR_URL,
  createTool,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  SCREENS_DIR,
} from './fixtures';

// Accounts in a real browser against `npm start` (built SPA, API, Firebase Auth emulator).
// The three sign-in screens are photographed into test-results/screens/.
const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

async function logIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

test('a newcomer signs up, sees Dashboard and Sign Out, and signs out again', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS_DIR, 'auth-signup.png'), fullPage: true });

  await page.getByLabel('Name').fill('Robin Park');
  await page.getByLabel('Email').fill(uniqueEmail('robin'));
  await page.getByLabel('Password').fill('Secret123!');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();

  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('a visitor opening a purchase page signs in and lands back on it', async ({
  page,
  request,
}) => {
  const { _id: toolId } = await createTool(request, { name: 'Mallet' });

  await page.goto(`/purchase/${toolId}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS_DIR, 'auth-login.png'), fullPage: true });
  await logIn(page, { email: DEMO_CUSTOMER.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toContainText('Wrong email or password.');

  await logIn(page, DEMO_CUSTOMER);

  await expect(page).toHaveURL(new RegExp(`/purchase/${toolId}$`));
});

test('forgot password says Sent email and the emulator holds a reset code for the address', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);

  await page.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page.getByText('Sent email')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS_DIR, 'auth-forgot.png'), fullPage: true });
  const res = await request.get(
    `${AUTH_EMULATOR_URL}/emulator/v1/projects/${AUTH_EMULATOR_PROJECT}/oobCodes`,
  );
  const { oobCodes } = (await res.json()) as {
    oobCodes: Array<{ email: string; requestType: string }>;
  };
  expect(oobCodes).toContainEqual(
    expect.objectContaining({ email: DEMO_CUSTOMER.email, requestType: 'PASSWORD_RESET' }),
  );
});

test('Google sign-in on the emulator: pick an address in the dialog and arrive signed in', async ({
  page,
}) => {
  const email = uniqueEmail('google');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue With Google' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sign in with Google (emulator)' });
  await expect(dialog.getByRole('button', { name: /Demo Admin/ })).toBeVisible();
  await dialog.getByLabel('Google account email').fill(email);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog).toHaveCount(0);
  await expect(mainNav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${email}` })).toBeVisible();
});

test('the demo admin sees the admin links and the demo customer the customer links', async ({
  page,
}) => {
  await page.goto('/login');
  await logIn(page, DEMO_ADMIN);
  await expect(mainNav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(sidebar(page).getByRole('link', { name: 'All Users' })).toBeVisible();
  // My Orders and Add a Review are customer links (the spec's rule); admins keep their quotes
  // and lists, and find their own orders from Manage Orders ("Your own orders").
  await expect(sidebar(page).getByRole('link')).toHaveText([
    'Overview',
    'My Quotes',
    'Saved lists',
    'My Profile',
    'All Users',
    'Add a Tool',
    'Manage Tools',
    'Import/Export',
    'Manage Orders',
    'Failed Emails',
    'Failed Documents',
    'Reviews',
    'Quotes',
    'Companies',
    'Price lists',
    'Invoices',
    'Returns',
    'Tax',
  ]);

  await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/login');
  await logIn(page, DEMO_CUSTOMER);
  await expect(mainNav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(sidebar(page).getByRole('link')).toHaveText([
    'My Orders',
    'Add a Review',
    'My Quotes',
    'Saved lists',
    'My company',
    'My Profile',
  ]);
});

test('a customer who comes back is signed in at once, and signing out in one tab signs out the other', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await logIn(page, DEMO_CUSTOMER);
  await expect(mainNav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();

  // The kept access token is still good: no sign-in service call, no token exchange.
  const signInTraffic: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(AUTH_EMULATOR_URL) || /\/api\/user\//.test(url)) signInTraffic.push(url);
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  expect(signInTraffic).toEqual([]);

  const other = await context.newPage();
  await other.goto('/dashboard/my-orders');
  await expect(other.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();

  await expect(other).toHaveURL(/\/login$/);
  await expect(mainNav(other).getByRole('link', { name: 'Login' })).toBeVisible();
  await other.close();
});
