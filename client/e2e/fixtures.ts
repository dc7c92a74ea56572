import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { expectNoSeriousViolations, waitForContent } from './axe';

// Shared by the browser journeys: what `npm start` seeds (scripts/auth-emulator.mjs), where
// the Firebase Auth emulator it runs answers, and the steps every journey takes.
export const DEMO_ADMIN = {
  email: 'admin@toolworks.test',
  password: 'Admin123!',
  name: 'Demo Admin',
};
export const DEMO_CUSTOMER = {
  email: 'customer@toolworks.test',
  password: 'Customer123!',
  name: 'Demo Customer',
};

export const AUTH_EMULATOR_URL = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
export const AUTH_EMULATOR_PROJECT = process.env.FIREBASE_PROJECT_ID ?? 'demo-toolworks';

/** Where the journeys' screenshots go (test-results/screens/). */
export const SCREENS_DIR = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'screens');

export interface Account {
  email: string;
  password: string;
  name: string;
}

const EMULATOR_API = `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1`;

/**
 * A new account in the sign-in provider, its email verified (as after following the link); the
 * shop's user is made at its first sign-in, as for anyone who signs up.
 */
export async function createAccount(
  request: APIRequestContext,
  name: string,
  password = 'Secret123!',
): Promise<Account & { localId: string }> {
  // As short as the demo addresses: an invoice's address column breaks longer ones.
  const prefix = /^[a-z]+/.exec(name.toLowerCase())?.[0] ?? 'user';
  const email = `${prefix}${randomUUID().slice(0, 6)}@example.com`;
  const created = await request.post(`${EMULATOR_API}/accounts:signUp?key=any`, {
    data: { email, password, displayName: name, returnSecureToken: true },
  });
  expect(created.ok()).toBe(true);
  const { localId } = (await created.json()) as { localId: string };
  const verified = await request.post(
    `${EMULATOR_API}/projects/${AUTH_EMULATOR_PROJECT}/accounts:update`,
    // The emulator takes "owner" as an admin credential.
    { headers: { Authorization: 'Bearer owner' }, data: { localId, emailVerified: true } },
  );
  expect(verified.ok()).toBe(true);
  return { email, password, name, localId };
}

/**
 * The journeys' `test`: `customerAccount` is a customer made for the one journey (nothing another
 * journey did shows in its cart, orders or profile) and removed after it, from the shop as an admin
 * removes an account and from the sign-in provider.
 */
export const test = base.extend<{ customerAccount: Account }>({
  customerAccount: async ({ request }, use) => {
    const { localId, ...account } = await createAccount(request, 'Casey Buyer');
    await use(account);
    const removed = await request.delete(`/api/user/${encodeURIComponent(account.email)}`, {
      headers: await apiSession(request, DEMO_ADMIN),
    });
    // 404: the journey never signed in, so the shop never had the user.
    expect([200, 404]).toContain(removed.status());
    const deleted = await request.post(
      `${EMULATOR_API}/projects/${AUTH_EMULATOR_PROJECT}/accounts:delete`,
      { headers: { Authorization: 'Bearer owner' }, data: { localId } },
    );
    expect(deleted.ok()).toBe(true);
  },
});

/** Signs in through the login page, as a person would, and waits to be sent on. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Full-page screenshots at each width, from the top and without a focus ring. */
export async function shoot(page: Page, name: string, widths = [1280, 375]) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A tool as the shop answers it (`POST /api/addtools`, `GET /api/tools`): the fields the journeys read. */
export interface ListedTool {
  _id: string;
  name: string;
  sku: string;
  img: string;
  description: string;
  price: number;
  availableQuantity: number;
  MinimumOrderQuantity: number;
}

/** What `createTool` may set: any field `POST /api/addtools` takes. */
export type ToolFields = Partial<Omit<ListedTool, '_id'>> & Record<string, unknown>;

/**
 * A tool of the journey's own, added by the demo admin through `POST /api/addtools`: its name is
 * `name` and a few random characters, so that nothing another journey buys, prices, reviews or
 * deletes is ever this one, and a search for its name finds it alone. In stock for a thousand
 * units at $12.50, two at a time, unless `fields` say otherwise.
 */
export async function createTool(
  request: APIRequestContext,
  { name = 'E2E Tool', ...fields }: ToolFields = {},
): Promise<ListedTool> {
  const created = await request.post('/api/addtools', {
    headers: await apiSession(request, DEMO_ADMIN),
    data: {
      name: `${name} ${randomUUID().slice(0, 6)}`,
      img: '/images/tools/cordless-drill.svg',
      price: 12.5,
      description: 'Made by a browser journey for itself.',
      availableQuantity: 1000,
      MinimumOrderQuantity: 2,
      ...fields,
    },
  });
  expect(created.status(), "the journey's own tool").toBe(201);
  return (await created.json()) as ListedTool;
}

/** Orders the tool's minimum through the API with the signed-in customer's token; the order id. */
export async function orderThroughApi(
  page: Page,
  tool: { _id: string; MinimumOrderQuantity: number },
): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  const res = await page.request.post('/api/addOrderItem', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      toolId: tool._id,
      quantity: tool.MinimumOrderQuantity,
      userPhone: '+1 555 0100',
      userAddress: '12 Forge Lane, Sheffield S1 2AB',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

/** The My Orders card of one order (cards are named by the order's number, linked by its id). */
export function orderCard(page: Page, orderId: string) {
  return page
    .getByRole('article')
    .filter({ has: page.locator(`a[href="/dashboard/orders/${orderId}"]`) });
}

/** The signed-in customer's access token, for calls the journeys make through the API. */
export async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

/**
 * Bearer headers for calls through the API as `account`: it signs in to the auth emulator and
 * trades the ID token for the shop's access token, as the sign-in page does.
 */
export async function apiSession(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<Record<string, string>> {
  const signedIn = await request.post(`${EMULATOR_API}/accounts:signInWithPassword?key=any`, {
    data: { email: account.email, password: account.password, returnSecureToken: true },
  });
  expect(signedIn.ok()).toBe(true);
  const { idToken } = (await signedIn.json()) as { idToken: string };
  const exchanged = await request.put(`/api/user/${encodeURIComponent(account.email)}`, {
    headers: { Authorization: `Bearer ${idToken}` },
    data: { email: account.email },
  });
  expect(exchanged.ok()).toBe(true);
  const { token } = (await exchanged.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/**
 * The tag of a journey that moves the shop's clock (`letTimePass`): that ends every other
 * journey's reservations and ages its invoices, so playwright.config.ts runs these after all the
 * others, one at a time. `test('...', CLOCK, async (...) => ...)`.
 */
export const CLOCK = { tag: '@clock' };

/**
 * Lets `minutes` pass for the shop's reservations: the demo admin moves the shop's clock
 * (TEST_CLOCK, set by playwright.config.ts), and reservations that end by then end at once.
 */
export async function letTimePass(request: APIRequestContext, minutes: number) {
  const moved = await request.post('/api/test/clock', {
    headers: await apiSession(request, DEMO_ADMIN),
    data: { minutes },
  });
  expect(moved.ok()).toBe(true);
}

/** Fills the built-in test gateway's card form in `scope` (a page or a panel) and presses Pay. */
export async function submitTestCard(scope: Page | Locator) {
  await expect(scope.getByText('Test mode: no real card is charged')).toBeVisible();
  await scope.getByLabel('Card number').pressSequentially('4242424242424242');
  await scope
    .getByLabel('Expiry (MM/YY)')
    .pressSequentially(`12${(new Date().getFullYear() + 2) % 100}`);
  await scope.getByLabel('CVC').fill('123');
  await scope.getByRole('button', { name: 'Pay' }).click();
}

/** Pays on the payment page with the built-in test gateway's card, and waits for the thanks. */
export async function payWithTestCard(page: Page) {
  await submitTestCard(page);
  await expect(
    page.getByRole('status').filter({ hasText: 'Congrats! Your payment is completed.' }),
  ).toBeVisible();
}

/**
 * Pays an order through the API with the test gateway's success card, as the payment page does;
 * answers the payment intent's id (the transaction id the spec's PATCH /order/{id} records).
 */
export async function payThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  orderId: string,
): Promise<string> {
  const intent = await request.post('/api/create-payment-intent', { headers, data: { orderId } });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirmed = await request.post('/api/payments/test/confirm', {
    headers,
    data: {
      clientSecret,
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
    },
  });
  expect(confirmed.ok()).toBe(true);
  const { paymentIntent } = (await confirmed.json()) as { paymentIntent: { id: string } };
  return paymentIntent.id;
}

/** Signs out from the header and waits for the Login link. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
}

/** A screen a journey shows: once its content is in, screenshots at 1280 and 375 px and axe. */
export async function look(page: Page, name: string) {
  await waitForContent(page);
  await shoot(page, name);
  await expectNoSeriousViolations(page, name);
}
