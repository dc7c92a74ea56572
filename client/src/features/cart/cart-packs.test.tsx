import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderApp, signedInSession } from '@/testing/render';
import { buildLine, cartOf } from './test-carts';

// Issue 50: a cart line of a tool sold in packs of 100, priced per 100.
describe('the cart with packs', () => {
  it('when a line is sold in packs, then it says so with the pack price, and plus saves one more pack', async () => {
    const rivets = buildLine({
      name: 'Blind Rivets',
      unitPrice: 18.9,
      quantity: 200,
      lineTotal: 37.8,
      MinimumOrderQuantity: 1,
      availableQuantity: 10_000,
      packSize: 100,
      priceBasis: 100,
      quantityStep: 100,
    });
    const api = fakeApi({
      'GET /api/cart': () => json(cartOf([rivets])),
      [`PUT /api/cart/${rivets.toolId}`]: ({ body }) => {
        const { quantity } = body as { quantity: number };
        return json(cartOf([{ ...rivets, quantity, lineTotal: (quantity / 100) * 18.9 }]));
      },
    });
    const { user } = renderApp({ route: '/cart', session: signedInSession() });
    expect(
      await screen.findByText(/\$18\.90 \/ pack of 100 \(\$0\.189 each\)/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sold in packs of 100')).toBeInTheDocument();
    const quantity = screen.getByRole('textbox', { name: 'Quantity of Blind Rivets' });
    expect(quantity).toHaveValue('200');
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Blind Rivets' }));
    expect(quantity).toHaveValue('300');
    expect(screen.getByText('$56.70', { selector: 'strong' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requestsTo(`/api/cart/${rivets.toolId}`).at(-1)?.body).toEqual({ quantity: 300 }),
    );
  });
});
