import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildOrder, nextId } from '@/testing/factories';
import { renderApp, signedInSession } from '@/testing/render';

const email = 'casey@example.com';
const enc = encodeURIComponent(email);

describe('Order again, from My Orders to the cart', () => {
  it("when a buyer orders an expired order again, then its lines are in the cart at today's prices and the line no longer sold is named", async () => {
    const [vise, chisel, gone] = [nextId(), nextId(), nextId()];
    const order = buildOrder({
      number: 'TW-100050',
      status: 'expired',
      iscancelled: true,
      items: [
        { toolId: vise, name: 'Bench Vise', unitPrice: 8, quantity: 100, lineTotal: 800 },
        { toolId: chisel, name: 'Chisel Set', unitPrice: 5, quantity: 4, lineTotal: 20 },
        { toolId: gone, name: 'Old Saw', unitPrice: 9, quantity: 20, lineTotal: 180 },
      ],
    });
    const line = (toolId: string, name: string, quantity: number, unitPrice: number) => ({
      toolId,
      name,
      unitPrice,
      quantity,
      lineTotal: quantity * unitPrice,
      MinimumOrderQuantity: 10,
      availableQuantity: 500,
    });
    // Today's prices: the vise costs more now.
    const cart = {
      items: [line(vise, 'Bench Vise', 100, 9), line(chisel, 'Chisel Set', 10, 5)],
      total: 950,
    };
    let saved = { items: [] as unknown[], total: 0 };
    const api = fakeApi({
      [`GET /api/admin/${enc}`]: () => json({ admin: false }),
      [`GET /api/myOrders/${enc}`]: () => json([order]),
      'GET /api/cart': () => json(saved),
      'POST /api/cart/lines': () => {
        saved = cart;
        return json({
          lines: [
            {
              toolId: vise,
              name: 'Bench Vise',
              requested: 100,
              status: 'added',
              quantity: 100,
              message: 'Added',
            },
            {
              toolId: chisel,
              name: 'Chisel Set',
              requested: 4,
              status: 'adjusted',
              quantity: 10,
              message: 'Raised to the minimum order of 10',
            },
            {
              toolId: gone,
              requested: 20,
              status: 'refused',
              message: 'This tool is no longer sold',
            },
          ],
          cart,
        });
      },
    });
    const { user } = renderApp({ route: '/dashboard/my-orders', session: signedInSession() });

    const card = await screen.findByRole('article', { name: 'Order TW-100050' }, { timeout: 5000 });
    await user.click(
      within(card).getByRole('button', { name: 'Order again: the tools of order TW-100050' }),
    );

    expect(
      await screen.findByRole('heading', { name: 'Your cart' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.requestsTo('/api/cart/lines')[0]?.body).toEqual({
      lines: [
        { toolId: vise, quantity: 100 },
        { toolId: chisel, quantity: 4 },
        { toolId: gone, quantity: 20 },
      ],
    });
    const notice = screen.getByText(/The tools of order TW-100050 are in your cart/).closest('div');
    expect(notice).toHaveAttribute('role', 'status');
    const notes = within(notice as HTMLElement).getByRole('list', {
      name: 'Lines not added as ordered',
    });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Chisel Set: Raised to the minimum order of 10.',
      'Old Saw: not added. This tool is no longer sold.',
    ]);
    expect(screen.getByRole('link', { name: 'Bench Vise' })).toBeInTheDocument();
    expect(screen.getByText('$9.00 each · minimum 10, in stock 500')).toBeInTheDocument();
    expect(within(screen.getByRole('complementary')).getByText('$950.00')).toBeInTheDocument();
  });
});
