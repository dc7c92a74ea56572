import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, createAccount, DEMO_ADMIN, SCREENS_DIR, signIn } from './fixtures';

// All Users on the real shop: the demo admin promotes a freshly signed-up (and verified) customer
// who passes the admin check at once, demotes them again, removes another after confirming and
// restores them. Every step asks first. Screens go to test-results/screens/.

/** A new, verified customer who has signed in to the shop once (so All Users lists them). */
async function signUpCustomer(request: APIRequestContext, name: string) {
  const account = await createAccount(request, name);
  const headers = await apiSession(request, account);
  return { email: account.email, token: headers.Authorization!.replace(/^Bearer /, '') };
}

const row = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

test('the admin makes a new customer an admin, demotes them, removes another and restores them, each after confirming', async ({
  page,
  request,
}) => {
  const promoted = await signUpCustomer(request, 'Promote Me');
  const removed = await signUpCustomer(request, 'Remove Me');
  const isAdmin = async (who: { email: string; token: string }) =>
    (
      await request.get(`/api/admin/${encodeURIComponent(who.email)}`, {
        headers: { Authorization: `Bearer ${who.token}` },
      })
    ).json() as Promise<{ admin: boolean }>;
  expect(await isAdmin(promoted)).toEqual({ admin: false });

  await signIn(page, DEMO_ADMIN);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard');
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'All Users' }),
  ).toBeVisible();
  await page.screenshot({
    path: path.join(SCREENS_DIR, 'dashboard-sidebar-admin-375.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'All Users' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Emails',
    'Name',
    'Company',
    'Make Admin',
    'Remove User',
  ]);
  const own = row(page, 'admin@toolworks.test');
  await expect(own.getByText('Admin', { exact: true })).toBeVisible();
  await expect(own.getByRole('button', { name: 'Remove admin@toolworks.test' })).toBeDisabled();

  await row(page, promoted.email)
    .getByRole('button', { name: `Make Admin ${promoted.email}` })
    .click();
  const promote = page.getByRole('alertdialog', { name: `Make ${promoted.email} an admin?` });
  await expect(promote).toBeVisible();
  await promote.getByRole('button', { name: 'Yes, make admin' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Successfully made an admin' }),
  ).toBeVisible();
  await expect(row(page, promoted.email).getByText('Admin', { exact: true })).toBeVisible();
  await expect(row(page, promoted.email).getByRole('button', { name: /Make Admin/ })).toHaveCount(
    0,
  );
  // Their existing token passes the admin check at once: the role is read on every request.
  expect(await isAdmin(promoted)).toEqual({ admin: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({
      path: path.join(SCREENS_DIR, `all-users-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await row(page, promoted.email)
    .getByRole('button', { name: `Remove admin ${promoted.email}` })
    .click();
  const demote = page.getByRole('alertdialog', {
    name: `Remove admin rights from ${promoted.email}?`,
  });
  await expect(demote).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS_DIR, 'all-users-demote-dialog-1280.png') });
  await demote.getByRole('button', { name: 'Yes, remove admin' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${promoted.email} is no longer an admin` }),
  ).toBeVisible();
  await expect(
    row(page, promoted.email).getByRole('button', { name: `Make Admin ${promoted.email}` }),
  ).toBeVisible();
  expect(await isAdmin(promoted)).toEqual({ admin: false });

  await row(page, removed.email)
    .getByRole('button', { name: `Remove ${removed.email}`, exact: true })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS_DIR, 'all-users-remove-dialog-1280.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row(page, removed.email)).toHaveCount(1);

  await row(page, removed.email)
    .getByRole('button', { name: `Remove ${removed.email}`, exact: true })
    .click();
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${removed.email} was removed from the shop` }),
  ).toBeVisible();
  await expect(row(page, removed.email)).toHaveCount(0);
  const gone = await request.get(`/api/admin/${encodeURIComponent(removed.email)}`, {
    headers: { Authorization: `Bearer ${removed.token}` },
  });
  expect(gone.status()).toBe(401);

  await page.getByRole('button', { name: 'Removed accounts' }).click();
  await row(page, removed.email)
    .getByRole('button', { name: `Restore ${removed.email}` })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: `${removed.email} can sign in again` }),
  ).toBeVisible();
  await expect(row(page, removed.email)).toHaveCount(0);
});
