import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { renderApp, signedInSession } from '@/testing/render';
import { localCart } from './local-cart';
import { buildLine, cartOf } from './test-carts';

describe('signing in with a visitor cart', () => {
  it('when the visitor signs in, then each line goes to the server cart (larger quantity wins), refused lines are named and the browser cart is cleared', async () => {
    const both = buildLine({ name: 'Claw Hammer', quantity: 40 });
    const smaller = buildLine({ name: 'Tape Measure', quantity: 10 });
    const fresh = buildLine({ name: 'Drill' });
    const refused = buildLine({ name: 'Rare Saw' });
    for (const line of [both, smaller, fresh, refused]) localCart.set(line);
    let server = [
      { ...both, quantity: 30 },
      { ...smaller, quantity: 25 },
    ];
    const put =
      (line: typeof both) =>
      ({ body }: { body: unknown }) => {
        const { quantity } = body as { quantity: number };
        server = [...server.filter((l) => l.toolId !== line.toolId), { ...line, quantity }];
        return json(cartOf(server));
      };
    const api = fakeApi({
      'GET /api/cart': () => json(cartOf(server)),
      [`PUT /api/cart/${both.toolId}`]: put(both),
      [`PUT /api/cart/${fresh.toolId}`]: put(fresh),
      [`PUT /api/cart/${refused.toolId}`]: () =>
        apiError(400, 'VALIDATION_ERROR', 'You have to purchase below our availableQuantity'),
    });

    renderApp({ route: '/cart', session: signedInSession() });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some tools in your cart could not be kept: Rare Saw (You have to purchase below our availableQuantity)',
    );
    await waitFor(() => expect(localCart.lines()).toEqual([]));
    expect(api.requestsTo(`/api/cart/${both.toolId}`).map((r) => r.body)).toEqual([
      { quantity: 40 },
    ]);
    expect(api.requestsTo(`/api/cart/${smaller.toolId}`)).toHaveLength(0);
    expect(api.requestsTo(`/api/cart/${fresh.toolId}`)).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Drill' })).toBeInTheDocument();
  });

  it('when the shop cannot be reached during the merge, then the lines stay in the browser', async () => {
    localCart.set(buildLine({ name: 'Claw Hammer' }));
    fakeApi({ 'GET /api/cart': () => apiError(503, 'UNAVAILABLE', 'Down for a moment') });

    renderApp({ route: '/cart', session: signedInSession() });

    expect(await screen.findByText("We couldn't load your cart.")).toBeInTheDocument();
    expect(localCart.lines()).toHaveLength(1);
  });
});
