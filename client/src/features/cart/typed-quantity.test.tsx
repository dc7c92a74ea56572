import type { CartLine } from '@toolworks/contract/cart';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/testing/fake-api';
import { renderApp, signedInSession } from '@/testing/render';
import { CartLineRow } from './components/cart-line-row';
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

  it('when a visitor types a quantity and at once chooses Checkout, then the cart kept for sign-in has it', async () => {
    visitorLine();
    fakeApi({});
    const { user } = renderApp({ route: '/cart' });

    const input = await screen.findByRole('textbox', { name: 'Quantity of Bench Vise' });
    await user.clear(input);
    await user.type(input, '30');
    await user.click(screen.getByRole('link', { name: 'Checkout' }));

    // Saved at the click, not after the typing pause.
    expect(localCart.lines()).toMatchObject([{ quantity: 30, lineTotal: 75 }]);
    expect(
      await screen.findByRole('heading', { name: /log ?in|sign ?in/i }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(localCart.lines()).toMatchObject([{ quantity: 30, lineTotal: 75 }]);
  });

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

describe('a quantity typed the moment its line appears', () => {
  // On a busy machine the browser can deliver a keystroke after React has drawn the line but
  // before its effects have run. The row once reset its text to the saved quantity in an effect,
  // so a cleared "10" came back and typing "30" made "1030": above the stock, Checkout blocked.
  // Testing Library's act() would run the effects first, so this renders without it.
  it('when the buyer clears the quantity before the line has settled, then it stays cleared', async () => {
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    onTestFinished(() => {
      root.unmount();
      container.remove();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
    });
    // Resolved by the DOM change itself, before React's scheduler runs the effects.
    const drawn = new Promise<HTMLInputElement>((resolve) => {
      const observer = new MutationObserver(() => {
        const input = container.querySelector('input');
        if (!input) return;
        observer.disconnect();
        resolve(input);
      });
      observer.observe(container, { childList: true, subtree: true });
    });
    const ignore = () => undefined;
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ul>
            <CartLineRow
              line={buildLine({ quantity: 10 })}
              onValidity={ignore}
              onShownTotal={ignore}
              onPendingSave={ignore}
            />
          </ul>
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const input = await drawn;
    // What a browser does for a keystroke that empties the box.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '');
    input.dispatchEvent(new Event('input', { bubbles: true }));

    await new Promise((settled) => setTimeout(settled, 100));
    expect(input).toHaveValue('');
  });
});
