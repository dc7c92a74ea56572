import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { apiError, fakeApi } from '@/testing/fake-api';
import { fakeAuthService } from './testing/fake-firebase';
import { renderWithAuth, shopAuthHandlers } from './testing/render-with-auth';

vi.mock('@/lib/firebase', async () => (await import('./testing/fake-firebase')).fakeFirebaseModule);

const casey = { email: 'casey@example.com', password: 'Secret123!' };

beforeEach(() => {
  fakeAuthService.reset();
  fakeAuthService.addAccount(casey.email, casey.password, 'Casey Jones');
});

async function fillLogin(
  user: ReturnType<typeof renderWithAuth>['user'],
  email: string,
  password: string,
) {
  const emailField = await screen.findByLabelText('Email');
  if (email) await user.type(emailField, email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Login', () => {
  it('when submitted empty, then both fields say they are required', async () => {
    fakeApi({});
    const { user } = renderWithAuth('/login');

    await fillLogin(user, '', '');

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('when the email is malformed and the password short, then the spec messages show', async () => {
    fakeApi({});
    const { user } = renderWithAuth('/login');

    await fillLogin(user, 'casey-at-example', '123');

    expect(await screen.findByText('Provide a valid email')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 characters or longer')).toBeInTheDocument();
  });

  it('when the password is wrong, then plain words show in red under the form', async () => {
    fakeApi({});
    const { user } = renderWithAuth('/login');

    await fillLogin(user, casey.email, 'Wrong-password');

    const alert = await screen.findByText('Wrong email or password.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(/auth\//)).not.toBeInTheDocument();
  });

  it('when a visitor was sent here from a protected page, then signing in lands back on it', async () => {
    const api = fakeApi(shopAuthHandlers([casey]));
    const { user } = renderWithAuth('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();

    await fillLogin(user, casey.email, casey.password);

    expect(
      await screen.findByRole('heading', { name: 'Welcome, Casey Jones' }),
    ).toBeInTheDocument();
    const [exchange] = api.requestsTo(`/api/user/${encodeURIComponent(casey.email)}`);
    expect(exchange?.headers.get('Authorization')).toBe(`Bearer fake-id-token:${casey.email}`);
    expect(window.localStorage.getItem('accessToken')).toMatch(/\./);
  });

  it('when the shop refuses the token exchange, then its message shows and nobody stays signed in', async () => {
    fakeApi({
      [`PUT /api/user/${encodeURIComponent(casey.email)}`]: () =>
        apiError(429, 'RATE_LIMITED', 'Too many requests; please wait a minute and try again'),
    });
    const { user } = renderWithAuth('/login');

    await fillLogin(user, casey.email, casey.password);

    expect(
      await screen.findByText('Too many requests; please wait a minute and try again'),
    ).toBeInTheDocument();
    expect(fakeAuthService.signedInEmail).toBeNull();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('when Google is chosen on the emulator, then a dialog offers the demo accounts and signs in', async () => {
    const demo = { email: 'customer@toolworks.test' };
    fakeApi(shopAuthHandlers([demo]));
    const { user } = renderWithAuth({
      pathname: '/login',
      state: { from: { pathname: '/dashboard' } },
    });

    await user.click(await screen.findByRole('button', { name: /continue with google/i }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in with Google (emulator)' });
    await user.click(within(dialog).getByRole('button', { name: /demo customer/i }));

    expect(
      await screen.findByRole('heading', { name: `Welcome, ${demo.email}` }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when a typed Google address is malformed, then the dialog says so and stays open', async () => {
    fakeApi({});
    const { user } = renderWithAuth('/login');

    await user.click(await screen.findByRole('button', { name: /continue with google/i }));
    await user.type(screen.getByLabelText('Google account email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByText('Provide a valid email')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
