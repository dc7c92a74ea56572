import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import {
  bearer,
  createTool,
  DEMO_ADMIN,
  orderThroughApi,
  payThroughApi,
  SCREENS_DIR,
  signIn,
  test,
} from './fixtures';

// Manage Orders at 1024, 1280 and 375 px: every action of a row (Cancel on an unpaid order; Mark
// shipped, Refund and Download invoice on a paid one) is on screen, or reachable by scrolling the
// table inside its own box; never cut off, and the page itself never scrolls sideways. At 1280
// (beside the dashboard menu) the table, the status tabs and the date inputs fit as they are.

const WIDTHS = [1024, 1280, 375];

/** On screen now, or brought there by scrolling the table's box (which must be scrollable). */
async function expectReachable(page: Page, button: Locator, wrap: Locator, width: number) {
  const viewport = { left: 0, right: width };
  const inside = (box: { x: number; width: number }, frame: { left: number; right: number }) =>
    box.x >= frame.left - 1 && box.x + box.width <= frame.right + 1;
  const frameOf = async () => {
    const w = await wrap.boundingBox();
    if (!w) throw new Error('the orders table is not shown');
    return { left: Math.max(0, w.x), right: Math.min(width, w.x + w.width) };
  };
  await expect(button, `${String(button)} at ${width}px`).toHaveCount(1, { timeout: 5000 });
  const label = `${await button.textContent()} at ${width}px`;
  // As the page opens: the table's box at its start. A box with overflow hidden can be scrolled by
  // a script, not by a person, so only a box that scrolls may hold a button beyond its edge.
  await wrap.evaluate((el) => (el.scrollLeft = 0));
  const before = await button.boundingBox();
  if (!before) throw new Error(`${label}: no box`);
  if (!inside(before, await frameOf()) || !inside(before, viewport)) {
    const overflow = await wrap.evaluate((el) => getComputedStyle(el).overflowX);
    expect(['auto', 'scroll'], `${label} is cut off: the table's box must scroll`).toContain(
      overflow,
    );
  }
  await button.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
  const box = await button.boundingBox();
  if (!box) throw new Error(`${label}: no box`);
  expect(inside(box, await frameOf()), `${label}: within the table's box`).toBe(true);
  expect(inside(box, viewport), `${label}: within the viewport`).toBe(true);
  await expect(button).toBeVisible();
}

test('every action of a Manage Orders row is visible or scrolls into view at 1024, 1280 and 375 px', async ({
  customerAccount,
  page,
  browser,
}) => {
  // Three widths, each a fresh load of the dashboard: more than one journey's time.
  test.setTimeout(180_000);
  const customer = await browser.newPage();
  await signIn(customer, customerAccount);
  const tool = await createTool(customer.request, { name: 'Pry Bar' });
  const unpaidId = await orderThroughApi(customer, tool);
  const paidId = await orderThroughApi(customer, tool);
  await payThroughApi(customer.request, await bearer(customer), paidId);
  const numberOf = async (id: string) =>
    (
      (await (
        await customer.request.get(`/api/order/${id}`, { headers: await bearer(customer) })
      ).json()) as { number: string }
    ).number;
  const unpaid = await numberOf(unpaidId);
  const paid = await numberOf(paidId);
  // A shipped order with a tracking link: its visually hidden "(track on UPS, opens a new tab)"
  // once widened the page to 1,119 px at 1024 from inside the scrolling table.
  const shippedId = await orderThroughApi(customer, tool);
  await payThroughApi(customer.request, await bearer(customer), shippedId);
  await customer.close();

  await signIn(page, DEMO_ADMIN);
  const shipped = await page.request.patch(`/api/order/${shippedId}/ship`, {
    headers: await bearer(page),
    data: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  });
  expect(shipped.ok(), await shipped.text()).toBe(true);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto('/dashboard/manage-orders');
    const wrap = page.locator('.orders-table-wrap');
    const paidRow = page.getByRole('row').filter({ hasText: paid });
    const unpaidRow = page.getByRole('row').filter({ hasText: unpaid });
    await expect(paidRow).toBeVisible();
    await expect(unpaidRow).toBeVisible();

    const actions = [
      unpaidRow.getByRole('button', { name: /^Cancel order/ }),
      paidRow.getByRole('button', { name: /^Mark shipped/ }),
      paidRow.getByRole('button', { name: /^Refund order/ }),
      paidRow.getByRole('button', { name: /^Refund part/ }),
      paidRow.getByRole('button', { name: 'Download invoice' }),
    ];
    for (const action of actions) await expectReachable(page, action, wrap, width);

    if (width === 1280) {
      // At 1280 nothing scrolls sideways: not the table's box, not the status tabs; and the date
      // inputs are at least as wide as their own text (squeezed, Chromium cut a digit off).
      await page.getByLabel('From', { exact: true }).fill('2026-03-01');
      await page.getByLabel('To', { exact: true }).fill('2026-11-30');
      const fit = await page.evaluate(() => {
        const overflow = (selector: string) => {
          const el = document.querySelector(selector) as HTMLElement;
          return el.scrollWidth - el.clientWidth;
        };
        const squeezed = [...document.querySelectorAll<HTMLInputElement>('input[type="date"]')]
          .filter((input) => {
            const own = input.cloneNode() as HTMLInputElement;
            own.style.cssText = 'position:absolute;width:auto;min-width:auto;max-width:none';
            document.body.append(own);
            const needs = own.getBoundingClientRect().width;
            own.remove();
            return input.getBoundingClientRect().width < needs - 0.5;
          })
          .map((input) => input.id);
        return {
          table: overflow('.orders-table-wrap'),
          tabs: overflow('.status-tabs'),
          squeezed,
        };
      });
      expect(fit, 'at 1280 px nothing scrolls sideways or is squeezed').toEqual({
        table: 0,
        tabs: 0,
        squeezed: [],
      });
    }

    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    // Named in the failure: the outermost elements past the viewport's right edge that widen the
    // page.
    const beyond = await page.evaluate((right) => {
      const clipped = (el: Element) => {
        for (let up = el.parentElement; up; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== 'visible') return true;
        }
        return false;
      };
      // A scrolling box clips what is inside it, except what is absolutely placed against a box
      // outside it (a visually hidden label in a table cell, once).
      const escapes = (el: Element) =>
        ['absolute', 'fixed'].includes(getComputedStyle(el).position);
      const wide = [...document.querySelectorAll('body *')].filter(
        (el) => el.getBoundingClientRect().right > right + 1 && (!clipped(el) || escapes(el)),
      );
      return wide
        .filter((el) => !wide.includes(el.parentElement!))
        .slice(0, 5)
        .map((el) => {
          const name = [el.tagName.toLowerCase(), ...el.classList].join('.');
          return `${name} to ${Math.round(el.getBoundingClientRect().right)}px`;
        });
    }, width);
    expect(
      pageWidth,
      `the page does not scroll sideways at ${width}px: ${beyond.join('; ')}`,
    ).toBeLessThanOrEqual(width);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(SCREENS_DIR, `manage-orders-fit-${width}.png`),
      fullPage: true,
    });
  }
});
