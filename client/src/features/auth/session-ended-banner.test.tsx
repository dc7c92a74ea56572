import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { fakeAuthService } from './testing/fake-firebase';
import { renderWithAuth, shopAuthHandlers } from './testing/render-with-auth';

vi.mock('@/lib/firebase', async () => (await import('./testing/fake-firebase')).fakeFirebaseModule);

const casey = { email: 'casey@example.com', password: 'Secret123!' };
const cart = {
  items: [
    {
      toolId: 'a'.repeat(24),
      name: 'Bench Vise',
      unitPrice: 2.5,
      quantity: 10,
      lineTotal: 25,
      MinimumOrderQuantity: 10,
      availableQuantity: 50,
    },
  ],
  total: 25,
};

beforeEach(() => {
  fakeAuthService.reset();
  fakeAuthService.addAccount(casey.email, casey.password, 'Casey Jones');
});
afterEach(() => vi.useRealTimers());

describe('a session that ends on a public page', () => {
  it('when the shop answers 401 on the cart, then an alert says the session ended, its link signs in and returns to the cart, which shows its lines again', async () => {
    fakeAuthService.restoreSession(casey.email);
    let refused = true;
    fakeApi({
      ...shopAuthHandlers([casey]),
      'GET /api/cart': () =>
        refused ? apiError(401, 'UNAUTHENTICATED', 'Token refused') : json(cart),
    });
    const { router, user } = renderWithAuth('/cart');

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Your session has ended, sign in again.');
    expect(router.state.location.pathname).toBe('/cart');
    expect(window.localStorage.getItem('accessToken')).toBeNull();

    refused = false;
    await user.click(within(alert).getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The login page says it once, as a status; the banner steps aside there.
    expect(
      await screen.findByText('Your session has ended, sign in again.', {
        selector: '[role="status"]',
      }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByText(/Your session has ended, sign in again\./)).toHaveLength(1),
    );
    await user.type(screen.getByLabelText('Email'), casey.email);
    await user.type(screen.getByLabelText('Password'), casey.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(await screen.findByRole('link', { name: 'Bench Vise' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(screen.queryByText('Your session has ended, sign in again.')).not.toBeInTheDocument();
  });
});
