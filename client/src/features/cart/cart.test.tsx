import type { CartLine } from '@toolworks/contract/cart';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, toolsListHandler } from '@/testing/fake-api';
import { buildReview, buildTool } from '@/testing/factories';
import { renderApp, signedInSession } from '@/testing/render';
import { localCart } from './local-cart';
import { buildLine, cartOf } from './test-carts';

const line = buildLine;

/** A server cart that PUT and DELETE change, priced as the server would. */
function serverCart(initial: CartLine[]) {
  let items = [...initial];
  return {
    handlers: {
      'GET /api/cart': () => json(cartOf(items)),
      ...Object.fromEntries(
        initial.flatMap((l) => [
          [
            `PUT /api/cart/${l.toolId}`,
            ({ body }: { body: unknown }) => {
              const { quantity } = body as { quantity: number };
              items = items.map((i) =>
                i.toolId === l.toolId ? { ...i, quantity, lineTotal: quantity * i.unitPrice } : i,
              );
              return json(cartOf(items));
            },
          ],
          [
            `DELETE /api/cart/${l.toolId}`,
            () => {
              items = items.filter((i) => i.toolId !== l.toolId);
              return json(cartOf(items));
            },
          ],
        ]),
      ),
    },
  };
}

describe('the cart', () => {
  it('when a visitor adds tools from the catalogue, then the badge counts the lines and the cart keeps them in the browser', async () => {
    const hammer = buildTool({ name: 'Claw Hammer', price: 3, MinimumOrderQuantity: 20 });
    const soldOut = buildTool({
      name: 'Rare Saw',
      MinimumOrderQuantity: 50,
      availableQuantity: 10,
    });
    fakeApi({
      'GET /api/tools': toolsListHandler([hammer, soldOut]),
      'GET /api/allReviews': () => json([buildReview()]),
    });
    const { user } = renderApp({ route: '/home' });

    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    // Below the minimum order in stock: the purchase page's rule, so it cannot be added.
    expect(await screen.findByRole('button', { name: 'Add to cart: Rare Saw' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add to cart: Claw Hammer' }));

    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(screen.getByText(/20 in your cart/)).toBeInTheDocument();
    expect(localCart.lines()).toMatchObject([{ toolId: hammer._id, quantity: 20, unitPrice: 3 }]);

    await user.click(screen.getByRole('link', { name: 'Cart, 1 item' }));
    // The cart page is a lazy chunk: on a loaded machine it takes longer than findBy's 1 s.
    expect(
      await screen.findByRole('heading', { name: 'Your cart' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Claw Hammer' })).toBeInTheDocument();
    expect(within(screen.getByRole('complementary')).getByText('$60.00')).toBeInTheDocument();
  });

  it("when a visitor's quantity reaches a volume price, then the line and total follow the tiers as the server would", async () => {
    const clamp = buildTool({
      name: 'Bar Clamp',
      price: 3,
      MinimumOrderQuantity: 20,
      availableQuantity: 500,
      priceTiers: [
        { minQuantity: 50, price: 2.5 },
        { minQuantity: 200, price: 2.15 },
      ],
    });
    fakeApi({
      'GET /api/tools': toolsListHandler([clamp]),
      'GET /api/allReviews': () => json([]),
    });
    const { user } = renderApp({ route: '/home' });
    await user.click(await screen.findByRole('button', { name: 'Add to cart: Bar Clamp' }));
    await user.click(await screen.findByRole('link', { name: 'Cart, 1 item' }));
    const summary = await screen.findByRole('complementary');
    expect(within(summary).getByText('$60.00')).toBeInTheDocument();

    const input = screen.getByRole('textbox', { name: 'Quantity of Bar Clamp' });
    await user.clear(input);
    await user.type(input, '50');
    expect(await screen.findByText(/\$2\.50 each/)).toBeInTheDocument();
    await waitFor(() => expect(within(summary).getByText('$125.00')).toBeInTheDocument());
    await user.clear(input);
    await user.type(input, '199');
    await waitFor(() => expect(within(summary).getByText('$497.50')).toBeInTheDocument());
    await user.type(input, '{Backspace}{Backspace}{Backspace}200');
    await waitFor(() => expect(within(summary).getByText('$430.00')).toBeInTheDocument());
    // The summary follows the typing; the cart is saved after the pause.
    await waitFor(() =>
      expect(localCart.lines()).toMatchObject([{ quantity: 200, unitPrice: 2.15, lineTotal: 430 }]),
    );
  });

  it('when the cart is empty, then it says so and links to the catalogue', async () => {
    fakeApi({});
    renderApp({ route: '/cart' });
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute(
      'href',
      '/home#tools',
    );
  });

  it('when signed in, then the cart is the server one: quantities change within the rules, line totals and total follow, remove removes', async () => {
    const vise = line({ name: 'Bench Vise', sku: 'BV-CART-10', quantity: 10, unitPrice: 2.5 });
    const drill = line({ name: 'Drill', quantity: 5, unitPrice: 10, MinimumOrderQuantity: 5 });
    const cart = serverCart([vise, drill]);
    const api = fakeApi(cart.handlers);
    const { user } = renderApp({ route: '/cart', session: signedInSession() });

    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(screen.getByText('SKU: BV-CART-10')).toBeInTheDocument();
    const total = within(screen.getByRole('complementary')).getByRole('status');
    expect(total).toHaveTextContent('$75.00');
    expect(screen.getByRole('button', { name: 'Decrease quantity of Bench Vise' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Bench Vise' }));
    await waitFor(() => expect(total).toHaveTextContent('$77.50'));
    await waitFor(() =>
      expect(api.requestsTo(`/api/cart/${vise.toolId}`).at(-1)).toMatchObject({
        method: 'PUT',
        body: { quantity: 11 },
      }),
    );

    const input = screen.getByRole('textbox', { name: 'Quantity of Drill' });
    await user.clear(input);
    await user.type(input, '60');
    expect(
      screen.getByText('You have to purchase below our availableQuantity'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '2');
    expect(screen.getByText('You have to purchase at least 5 products')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '6');
    await waitFor(() => expect(total).toHaveTextContent('$87.50'));
    await waitFor(() =>
      expect(api.requestsTo(`/api/cart/${drill.toolId}`).map((r) => r.body)).toEqual([
        { quantity: 6 },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Drill from cart' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Drill' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('when a line has large numbers, then they are written with thousands separators', async () => {
    const bulk = line({
      name: 'Bulk Bit',
      quantity: 1500,
      unitPrice: 20,
      MinimumOrderQuantity: 1000,
      availableQuantity: 1200,
      allowBackorders: true,
    });
    fakeApi(serverCart([bulk]).handlers);
    renderApp({ route: '/cart', session: signedInSession() });
    expect(
      await screen.findByText('$20.00 each · minimum 1,000, in stock 1,200'),
    ).toBeInTheDocument();
  });

  it('when the server cart cannot be loaded, then an error with Try again shows', async () => {
    let fail = true;
    fakeApi({
      'GET /api/cart': () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong on our side.') : json(cartOf([])),
    });
    const { user } = renderApp({ route: '/cart', session: signedInSession() });
    expect(await screen.findByText('Loading your cart…')).toBeInTheDocument();
    expect(await screen.findByText("We couldn't load your cart.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
  });
});
