import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { saveSession } from './stored-session';
import { fakeAuthService } from './testing/fake-firebase';
import { fakeAccessToken, renderWithAuth, shopAuthHandlers } from './testing/render-with-auth';

vi.mock('@/lib/firebase', async () => (await import('./testing/fake-firebase')).fakeFirebaseModule);

const casey = { email: 'casey@example.com', password: 'Secret123!' };
const adminPath = `/api/admin/${encodeURIComponent(casey.email)}`;

beforeEach(() => {
  fakeAuthService.reset();
  fakeAuthService.addAccount(casey.email, casey.password, 'Casey Jones');
  saveSession(fakeAccessToken(casey.email, 3600), {
    email: casey.email,
    displayName: 'Casey Jones',
  });
});
afterEach(() => window.localStorage.clear());

/** The shop's answer to the admin check, changed by the test as an admin's Make Admin would. */
function shopWithRole(initial: boolean) {
  const role = { admin: initial };
  const api = fakeApi({
    ...shopAuthHandlers([casey]),
    [`GET ${adminPath}`]: () => json({ admin: role.admin }),
    // The admin overview's figures are not what these tests look at.
    'GET /api/stats/overview': () => apiError(403, 'FORBIDDEN', 'Admins only'),
    [`GET /api/userDetails/${encodeURIComponent(casey.email)}`]: () =>
      apiError(404, 'NOT_FOUND', 'No profile yet'),
  });
  return { role, api };
}
const sidebar = () => screen.getByRole('navigation', { name: 'Dashboard' });
const sidebarLink = async (name: string) => {
  await screen.findByRole('navigation', { name: 'Dashboard' });
  return within(sidebar()).findByRole('link', { name });
};

describe('the role shown in the dashboard', () => {
  it('when the person is made admin while the tab is in the background, then coming back shows the admin menu without a reload', async () => {
    const { role } = shopWithRole(false);
    renderWithAuth('/dashboard');
    expect(await sidebarLink('My Orders')).toBeInTheDocument();

    role.admin = true;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });

    expect(await sidebarLink('Manage Orders')).toBeInTheDocument();
    // Admins keep My Orders (they may buy too); Add a Review is the customer's alone.
    expect(within(sidebar()).queryByRole('link', { name: 'Add a Review' })).not.toBeInTheDocument();
  });

  it('when the person is demoted, then the next page they open shows the customer menu', async () => {
    const { role, api } = shopWithRole(true);
    const { router } = renderWithAuth('/dashboard');
    expect(await sidebarLink('Manage Orders')).toBeInTheDocument();
    const asked = api.requestsTo(adminPath).length;

    role.admin = false;
    await act(() => router.navigate('/dashboard/my-profile'));

    expect(await sidebarLink('Add a Review')).toBeInTheDocument();
    expect(
      within(sidebar()).queryByRole('link', { name: 'Manage Orders' }),
    ).not.toBeInTheDocument();
    expect(api.requestsTo(adminPath).length).toBeGreaterThan(asked);
  });
});

describe('a stored token the shop refuses', () => {
  it('when a call answers 401, then the person lands on the login page, told the session ended, and returns after logging in', async () => {
    fakeApi({
      ...shopAuthHandlers([casey]),
      [`GET ${adminPath}`]: () => apiError(401, 'UNAUTHENTICATED', 'Token refused'),
      [`GET /api/userDetails/${encodeURIComponent(casey.email)}`]: () =>
        apiError(401, 'UNAUTHENTICATED', 'Token refused'),
    });
    const { router, user } = renderWithAuth('/dashboard/my-profile');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // A status message (the shell's account notice region is another, empty, status).
    expect(
      await screen.findByText('Your session has ended, sign in again.', {
        selector: '[role="status"]',
      }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('accessToken')).toBeNull();

    fakeApi({
      ...shopAuthHandlers([casey]),
      [`GET /api/userDetails/${encodeURIComponent(casey.email)}`]: () =>
        apiError(404, 'NOT_FOUND', 'No profile yet'),
    });
    await user.type(screen.getByLabelText('Email'), casey.email);
    await user.type(screen.getByLabelText('Password'), casey.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-profile'));
  });
});
