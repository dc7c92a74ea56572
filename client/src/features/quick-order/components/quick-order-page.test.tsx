import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuickOrderLine, QuickOrderTool } from '@toolworks/contract/quick-order';
import { fakeApi, json } from '@/testing/fake-api';
import { nextId } from '@/testing/factories';
import { renderApp, signedInSession } from '@/testing/render';

const drill = {
  _id: nextId(),
  sku: 'PF-DRL-18',
  name: 'Cordless Drill',
  img: '/images/tools/cordless-drill.svg',
  price: 89,
  priceTiers: [{ minQuantity: 100, price: 80 }],
  MinimumOrderQuantity: 20,
  availableQuantity: 1200,
};
const hammer = {
  ...drill,
  _id: nextId(),
  sku: 'HT-HMR-16',
  name: 'Claw Hammer',
  price: 15,
  priceTiers: [],
  MinimumOrderQuantity: 10,
};

/** The server's answers for these two tools, as POST /api/quick-order/check gives them. */
function checkAnswer(lines: { sku: string; quantity: number }[]) {
  const tools = [drill, hammer];
  const named = new Set<QuickOrderTool>();
  const answers = lines.map(({ sku, quantity }): QuickOrderLine => {
    const tool = tools.find((t) => t.sku === sku.toUpperCase());
    if (!tool) return { sku, quantity, status: 'unknown', message: `No tool has the SKU ${sku}` };
    named.add(tool);
    const unitPrice = quantity >= 100 && tool.priceTiers[0] ? tool.priceTiers[0].price : tool.price;
    const priced = { sku, quantity, toolId: tool._id, unitPrice, lineTotal: unitPrice * quantity };
    return quantity < tool.MinimumOrderQuantity
      ? {
          ...priced,
          status: 'below-minimum',
          message: `The minimum order of ${tool.name} is ${tool.MinimumOrderQuantity}`,
        }
      : { ...priced, status: 'ok', message: 'Ready to add' };
  });
  return json({ lines: answers, tools: [...named], okLines: 0, total: 0 });
}

const box = () => screen.getByRole('textbox', { name: 'SKUs and quantities' });

describe('Quick order', () => {
  it('when a visitor pastes spreadsheet lines, then each shows its tool, tier price or reason, and the good ones go to the browser cart', async () => {
    localStorage.clear();
    const api = fakeApi({
      'POST /api/quick-order/check': (req) => checkAnswer((req.body as { lines: never }).lines),
    });
    const { user } = renderApp({ route: '/quick-order' });
    await user.click(
      await screen.findByRole('textbox', { name: 'SKUs and quantities' }, { timeout: 5000 }),
    );
    await user.paste('SKU\tQty\npf-drl-18\t100\nHT-HMR-16\t4\nNOPE-1\t10\nHT-HMR-16, 30\nMS-TAP-8');

    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/PF-DRL-18.*Cordless Drill.*100.*\$80\.00.*\$8,000\.00.*OK/),
      expect.stringMatching(/Claw Hammer.*The minimum order of Claw Hammer is 10/),
      expect.stringMatching(/NOPE-1.*No tool has the SKU NOPE-1/),
      expect.stringMatching(/Claw Hammer.*30.*\$450\.00.*OK/),
      expect.stringMatching(/MS-TAP-8.*Give a quantity after the SKU/),
    ]);
    // The line without a quantity is answered here; the header row is not a line.
    expect(api.requestsTo('/api/quick-order/check').at(-1)?.body).toEqual({
      lines: [
        { sku: 'pf-drl-18', quantity: 100 },
        { sku: 'HT-HMR-16', quantity: 4 },
        { sku: 'NOPE-1', quantity: 10 },
        { sku: 'HT-HMR-16', quantity: 30 },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Add 2 lines to cart ($8,450.00)' }));
    expect(await screen.findByText(/2 lines added to your cart/)).toBeInTheDocument();
    // The button just pressed is disabled now: focus goes to the result, not the page's body.
    await waitFor(() =>
      expect(
        screen.getByText(/2 lines added to your cart/).closest('[role="alert"]'),
      ).toHaveFocus(),
    );
    const cart = JSON.parse(localStorage.getItem('toolworks.cart') ?? '[]') as {
      toolId: string;
      quantity: number;
      unitPrice: number;
    }[];
    expect(cart.map((l) => [l.toolId, l.quantity, l.unitPrice])).toEqual([
      [drill._id, 100, 80],
      [hammer._id, 30, 15],
    ]);
    expect(box()).toHaveValue('HT-HMR-16\t4\nNOPE-1\t10\nMS-TAP-8');
  });

  it('when a CSV file is uploaded, then its lines are checked like a paste', async () => {
    fakeApi({
      'POST /api/quick-order/check': (req) => checkAnswer((req.body as { lines: never }).lines),
    });
    const { user } = renderApp({ route: '/quick-order' });
    const file = new File(['sku,quantity\r\n"HT-HMR-16","1,000"\r\n'], 'order.csv', {
      type: 'text/csv',
    });
    await user.upload(
      await screen.findByLabelText(/Or upload a CSV file/, {}, { timeout: 5000 }),
      file,
    );
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(await within(table).findByText('$15,000.00')).toBeInTheDocument();
    // The box shows the file as it was (a textarea's lines end in \n).
    expect(box()).toHaveValue('sku,quantity\n"HT-HMR-16","1,000"\n');
  });

  it('when a signed-in buyer adds the lines, then they go to the account cart in one request', async () => {
    const api = fakeApi({
      'POST /api/quick-order/check': (req) => checkAnswer((req.body as { lines: never }).lines),
      'POST /api/cart/lines': () =>
        json({
          lines: [
            {
              toolId: drill._id,
              name: drill.name,
              requested: 40,
              status: 'added',
              quantity: 40,
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
    await user.paste('PF-DRL-18, 40');
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Add 1 line to cart ($3,560.00)' },
        { timeout: 5000 },
      ),
    );
    expect(await screen.findByText(/1 line added to your cart/)).toBeInTheDocument();
    expect(api.requestsTo('/api/cart/lines')[0]?.body).toEqual({
      lines: [{ toolId: drill._id, quantity: 40 }],
    });
  });

  it("when a visitor's cart already holds 500 lines, then a new tool is not added and the result says why", async () => {
    const full = Array.from({ length: 500 }, () => ({
      toolId: nextId(),
      name: 'Held Tool',
      unitPrice: 1,
      quantity: 1,
      lineTotal: 1,
      MinimumOrderQuantity: 1,
      availableQuantity: 10,
    }));
    localStorage.setItem('toolworks.cart', JSON.stringify(full));
    fakeApi({
      'POST /api/quick-order/check': (req) => checkAnswer((req.body as { lines: never }).lines),
    });
    const { user } = renderApp({ route: '/quick-order' });
    await user.click(
      await screen.findByRole('textbox', { name: 'SKUs and quantities' }, { timeout: 5000 }),
    );
    await user.paste('HT-HMR-16, 30');
    await user.click(
      await screen.findByRole('button', { name: /^Add 1 line to cart/ }, { timeout: 5000 }),
    );
    const result = await screen.findByText(/0 lines added to your cart/);
    expect(result.closest('[role="alert"]')).toHaveTextContent(
      'Claw Hammer: Your cart holds 500 lines, the most one order takes: check out or remove a line first',
    );
    expect(JSON.parse(localStorage.getItem('toolworks.cart') ?? '[]')).toHaveLength(500);
    localStorage.clear();
  });
});
