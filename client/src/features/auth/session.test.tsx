import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { apiError, fakeApi, json, toolsListHandler } from '@/testing/fake-api';
import { fakeAuthService } from './testing/fake-firebase';
import { saveSession } from './stored-session';
import { fakeAccessToken, renderWithAuth, shopAuthHandlers } from './testing/render-with-auth';

vi.mock('@/lib/firebase', async () => (await import('./testing/fake-firebase')).fakeFirebaseModule);

const casey = { email: 'casey@example.com', password: 'Secret123!' };
const exchangePath = `/api/user/${encodeURIComponent(casey.email)}`;
const homeHandlers = {
  'GET /api/tools': toolsListHandler([]),
  'GET /api/allReviews': () => json([]),
};

beforeEach(() => {
  fakeAuthService.reset();
  fakeAuthService.addAccount(casey.email, casey.password, 'Casey Jones');
});
afterEach(() => vi.useRealTimers());

describe('the session', () => {
  it('when the sign-in service has not answered yet, then a protected page shows a loader, not the login page', async () => {
    fakeAuthService.restoreSession(casey.email);
    fakeAuthService.holdFirstAnswer();
    fakeApi(shopAuthHandlers([casey]));
    renderWithAuth('/dashboard');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();

    act(() => fakeAuthService.releaseFirstAnswer());
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Casey Jones' }),
    ).toBeInTheDocument();
  });

  it('when a session is restored from the last visit, then a fresh access token is fetched for it', async () => {
    fakeAuthService.restoreSession(casey.email);
    const api = fakeApi(shopAuthHandlers([casey]));
    renderWithAuth('/dashboard');

    expect(
      await screen.findByRole('heading', { name: 'Welcome, Casey Jones' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(exchangePath)).toHaveLength(1);
    expect(window.localStorage.getItem('accessToken')).not.toBeNull();
  });

  it('when signed in, then the navbar offers Dashboard and Sign Out, and Sign Out clears the token and goes home', async () => {
    fakeAuthService.restoreSession(casey.email);
    fakeApi({ ...shopAuthHandlers([casey]), ...homeHandlers });
    const { user, router } = renderWithAuth('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Casey Jones' });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(fakeAuthService.signedInEmail).toBeNull();
  });

  it('when signed out, then the navbar offers Login and no Dashboard', async () => {
    fakeApi(homeHandlers);
    renderWithAuth('/home');

    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('when the shop answers 401 to a signed-in call, then the user is signed out and lands on the login page, told the session ended', async () => {
    fakeAuthService.restoreSession(casey.email);
    fakeApi({
      ...shopAuthHandlers([casey]),
      ...homeHandlers,
      [`GET /api/admin/${encodeURIComponent(casey.email)}`]: () =>
        apiError(401, 'UNAUTHENTICATED', 'Your account is no longer in the shop'),
    });
    const { router } = renderWithAuth('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    // A status message (the shell's account notice region is another, empty, status).
    expect(
      await screen.findByText('Your session has ended, sign in again.', {
        selector: '[role="status"]',
      }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(fakeAuthService.signedInEmail).toBeNull();
  });

  it('when the access token nears its expiry, then it is renewed from the live sign-in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeAuthService.restoreSession(casey.email);
    const api = fakeApi(shopAuthHandlers([casey]));
    renderWithAuth('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Casey Jones' });
    expect(api.requestsTo(exchangePath)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(3600_000));

    await waitFor(() => expect(api.requestsTo(exchangePath)).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Welcome, Casey Jones' })).toBeInTheDocument();
  });
});

describe('a session kept from the last visit', () => {
  const keepSession = (ttlSeconds: number) =>
    saveSession(fakeAccessToken(casey.email, ttlSeconds), {
      email: casey.email,
      displayName: 'Casey Jones',
    });
  const otherTabWrote = (key: string) =>
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key }));
    });

  it('when its token still has time to live, then protected pages show signed in at once, without waiting for the sign-in service', async () => {
    fakeAuthService.restoreSession(casey.email);
    fakeAuthService.holdFirstAnswer();
    keepSession(3600);
    const api = fakeApi(shopAuthHandlers([casey]));
    renderWithAuth('/dashboard');

    expect(
      await screen.findByRole('heading', { name: 'Welcome, Casey Jones' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(exchangePath)).toHaveLength(0);
  });

  it('when its token is about to expire, then the session is restored through the sign-in service', async () => {
    fakeAuthService.restoreSession(casey.email);
    fakeAuthService.holdFirstAnswer();
    keepSession(30);
    const api = fakeApi(shopAuthHandlers([casey]));
    renderWithAuth('/dashboard');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    act(() => fakeAuthService.releaseFirstAnswer());
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Casey Jones' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(exchangePath)).toHaveLength(1);
  });

  it('when its token nears expiry, then it is renewed from the live sign-in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeAuthService.restoreSession(casey.email);
    keepSession(3600);
    const kept = window.localStorage.getItem('accessToken');
    const api = fakeApi(shopAuthHandlers([casey]));
    renderWithAuth('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Casey Jones' });

    await act(() => vi.advanceTimersByTimeAsync(3600_000));

    await waitFor(() => expect(api.requestsTo(exchangePath)).toHaveLength(1));
    expect(window.localStorage.getItem('accessToken')).not.toBe(kept);
    expect(screen.getByRole('heading', { name: 'Welcome, Casey Jones' })).toBeInTheDocument();
  });

  it('when the renewal finds nobody signed in to the sign-in service, then the session ends and the page asks to log in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    keepSession(3600);
    const api = fakeApi(shopAuthHandlers([casey]));
    const { router } = renderWithAuth('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Casey Jones' });

    await act(() => vi.advanceTimersByTimeAsync(3600_000));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.requestsTo(exchangePath)).toHaveLength(0);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('when another tab signs out, then this tab is signed out too', async () => {
    keepSession(3600);
    fakeApi(shopAuthHandlers([casey]));
    const { router } = renderWithAuth('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Casey Jones' });

    window.localStorage.clear();
    otherTabWrote('accessToken');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('when another tab signs in, then this tab shows signed in too', async () => {
    fakeApi({ ...shopAuthHandlers([casey]), ...homeHandlers });
    renderWithAuth('/home');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();

    keepSession(3600);
    otherTabWrote('sessionUser');

    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });
});
