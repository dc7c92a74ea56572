import type { CartLine } from '@toolworks/contract/cart';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderApp, signedInSession } from '@/testing/render';
import { localCart } from './local-cart';
import { buildLine, cartOf } from './test-carts';

/** A server cart whose PUT changes it, priced as the server would. */
function serverCart(initial: CartLine[]) {
  let items = [...initial];
  return {
    'GET /api/cart': () => json(cartOf(items)),
    ...Object.fromEntries(
      initial.map((l) => [
        `PUT /api/cart/${l.toolId}`,
        ({ body }: { body: unknown }) => {
          const { quantity } = body as { quantity: number };
          items = items.map((i) =>
            i.toolId === l.toolId ? { ...i, quantity, lineTotal: quantity * i.unitPrice } : i,
          );
          return json(cartOf(items));
        },
      ]),
    ),
  };
}

const visitorLine = () =>
  localCart.set({
    toolId: 'a'.repeat(24),
    name: 'Bench Vise',
    unitPrice: 2.5,
    basePrice: 2.5,
    priceTiers: [],
    quantity: 10,
    MinimumOrderQuantity: 10,
    availableQuantity: 50,
  });

describe('a quantity typed in the cart', () => {
  it('when a signed-in buyer types a quantity and at once chooses Checkout, then the summary agrees with the line and checkout gets that quantity', async () => {
    const vise = buildLine({ name: 'Bench Vise', quantity: 10, unitPrice: 2.5 });
    const api = fakeApi(serverCart([vise]));
    const { user } = renderApp({ route: '/cart', session: signedInSession() });

    const input = await screen.findByRole('textbox', { name: 'Quantity of Bench Vise' });
    await user.clear(input);
    await user.type(input, '30');
    // Before any save: the line and the summary show the same total.
    expect(screen.getByText('Line total').nextElementSibling).toHaveTextContent('$75.00');
    expect(within(screen.getByRole('complementary')).getByRole('status')).toHaveTextContent(
      '$75.00',
    );
    await user.click(screen.getByRole('link', { name: 'Checkout' }));

    await waitFor(
      () => expect(screen.getByText(/Checkout/, { selector: 'h1' })).toBeInTheDocument(),
      {
        timeout: 5000,
      },
    );
    const puts = api.requests.findIndex((r) => r.method === 'PUT');
    expect(api.requests[puts]?.body).toEqual({ quantity: 30 });
    // The checkout page read the cart after the quantity was saved.
    const lastRead = api.requests.findLastIndex((r) => r.url.pathname === '/api/cart');
    expect(lastRead).toBeGreaterThan(puts);
    expect(await screen.findAllByText('$75.00')).not.toHaveLength(0);
  });

  // Retried: in fresh-clone runs with every test file in parallel, the cart page has three times
  // rendered too late in jsdom (over 5 s, the last time over 10 s; never when run alone). A
  // real fault fails every try.
  it(
    'when a visitor types a quantity and at once chooses Checkout, then the cart kept for sign-in has it',
    { retry: 2 },
    async () => {
      visitorLine();
      fakeApi({});
      const { user } = renderApp({ route: '/cart' });

      const input = await screen.findByRole('textbox', { name: 'Quantity of Bench Vise' });
      await user.clear(input);
      await user.type(input, '30');
      // Found as soon as the typed quantity is valid again (a busy machine renders later: a
      // fresh-clone run with every test file in parallel once took over 5 s).
      await user.click(await screen.findByRole('link', { name: 'Checkout' }, { timeout: 10_000 }));

      // Saved at the click, not after the typing pause.
      expect(localCart.lines()).toMatchObject([{ quantity: 30, lineTotal: 75 }]);
      expect(
        await screen.findByRole('heading', { name: /log ?in|sign ?in/i }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(localCart.lines()).toMatchObject([{ quantity: 30, lineTotal: 75 }]);
    },
  );

  it('when a visitor types a quantity and at once follows Login in the header, then the cart kept for sign-in has it', async () => {
    visitorLine();
    fakeApi({});
    const { user } = renderApp({ route: '/cart' });

    const input = await screen.findByRole('textbox', { name: 'Quantity of Bench Vise' });
    await user.clear(input);
    await user.type(input, '25');
    await user.click(screen.getByRole('link', { name: 'Login' }));

    await waitFor(() => expect(localCart.lines()).toMatchObject([{ quantity: 25 }]), {
      timeout: 5000,
    });
  });
});
