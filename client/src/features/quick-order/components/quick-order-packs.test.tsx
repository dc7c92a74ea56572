import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuickOrderReport } from '@toolworks/contract/quick-order';
import { fakeApi, json } from '@/testing/fake-api';
import { nextId } from '@/testing/factories';
import { renderApp, signedInSession } from '@/testing/render';

// Issue 50: a line rounded up to whole packs shows its note and goes to the cart rounded.
const rivets = {
  _id: nextId(),
  sku: 'RV-100',
  name: 'Blind Rivets',
  img: '/images/tools/rivets.svg',
  price: 18.9,
  priceTiers: [],
  MinimumOrderQuantity: 1,
  availableQuantity: 10_000,
  packSize: 100,
  priceBasis: 100,
  quantityStep: 100,
};

const report: QuickOrderReport = {
  lines: [
    {
      sku: 'RV-100',
      requested: 150,
      quantity: 200,
      status: 'adjusted',
      message: 'Sold in packs of 100: 150 rounded up to 200',
      toolId: rivets._id,
      unitPrice: 18.9,
      lineTotal: 37.8,
    },
  ],
  tools: [rivets],
  okLines: 1,
  total: 37.8,
};

describe('Quick order: packs', () => {
  it('when 150 of a pack of 100 is pasted, then the line shows 200 with its note and the pack price, and 200 go to the cart', async () => {
    const api = fakeApi({
      'POST /api/quick-order/check': () => json(report),
      'POST /api/cart/lines': () =>
        json({
          lines: [
            {
              toolId: rivets._id,
              name: rivets.name,
              requested: 200,
              status: 'added',
              quantity: 200,
              message: 'Added',
            },
          ],
          cart: { items: [], total: 0 },
        }),
    });
    const { user } = renderApp({ route: '/quick-order', session: signedInSession() });
    await user.click(
      await screen.findByRole('textbox', { name: 'SKUs and quantities' }, { timeout: 5000 }),
    );
    await user.paste('RV-100, 150');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('row')[1]?.textContent).toMatch(
      /RV-100.*Blind Rivets.*200.*\$18\.90 \/ pack of 100 \(\$0\.189 each\).*\$37\.80.*Sold in packs of 100: 150 rounded up to 200/,
    );
    await user.click(screen.getByRole('button', { name: 'Add 1 line to cart ($37.80)' }));
    expect(await screen.findByText(/1 line added to your cart/)).toBeInTheDocument();
    expect(api.requestsTo('/api/cart/lines')[0]?.body).toEqual({
      lines: [{ toolId: rivets._id, quantity: 200 }],
    });
  });

  it("when a visitor adds it, then the browser's cart keeps 200 with the pack and prices them per 100", async () => {
    localStorage.clear();
    fakeApi({ 'POST /api/quick-order/check': () => json(report) });
    const { user } = renderApp({ route: '/quick-order' });
    await user.click(
      await screen.findByRole('textbox', { name: 'SKUs and quantities' }, { timeout: 5000 }),
    );
    await user.paste('RV-100, 150');
    await user.click(
      await screen.findByRole('button', { name: 'Add 1 line to cart ($37.80)' }, { timeout: 5000 }),
    );
    expect(await screen.findByText(/1 line added to your cart/)).toBeInTheDocument();
    const [line] = JSON.parse(localStorage.getItem('toolworks.cart') ?? '[]') as object[];
    expect(line).toMatchObject({ quantity: 200, packSize: 100, priceBasis: 100, lineTotal: 37.8 });
  });
});
