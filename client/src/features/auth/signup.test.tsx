import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, json, toolsListHandler } from '@/testing/fake-api';
import { fakeAuthService } from './testing/fake-firebase';
import { fakeAccessToken, renderWithAuth, shopAuthHandlers } from './testing/render-with-auth';
import { showAccountNotice } from './account-notice-store';

vi.mock('@/lib/firebase', async () => (await import('./testing/fake-firebase')).fakeFirebaseModule);

const newcomer = { name: 'Robin Park', email: 'robin@example.com', password: 'Secret123!' };
// /home, where sign-up ends, lists the catalogue and the reviews.
const homeHandlers = {
  'GET /api/tools': toolsListHandler([]),
  'GET /api/allReviews': () => json([]),
};

beforeEach(() => {
  fakeAuthService.reset();
  showAccountNotice(null);
});

async function fillSignUp(
  user: ReturnType<typeof renderWithAuth>['user'],
  values: Partial<typeof newcomer>,
) {
  await screen.findByRole('heading', { name: 'Sign Up' });
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('Sign Up', () => {
  it('when submitted empty, then name, email and password say they are required', async () => {
    fakeApi({});
    const { user } = renderWithAuth('/signup');

    await fillSignUp(user, {});

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('when the email is malformed and the password short, then the spec messages show', async () => {
    fakeApi({});
    const { user } = renderWithAuth('/signup');

    await fillSignUp(user, { name: 'Robin', email: 'robin@', password: 'abc' });

    expect(await screen.findByText('Provide a valid email')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 characters or longer')).toBeInTheDocument();
  });

  it('when the form is valid, then the name becomes the display name, the token is stored and it goes home', async () => {
    const api = fakeApi({ ...shopAuthHandlers([newcomer]), ...homeHandlers });
    const { user, router } = renderWithAuth('/signup');

    await fillSignUp(user, newcomer);

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    const [exchange] = api.requestsTo(`/api/user/${encodeURIComponent(newcomer.email)}`);
    expect(exchange?.body).toEqual({ email: newcomer.email, name: newcomer.name });
    expect(window.localStorage.getItem('accessToken')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('when a visitor sent to Login from the checkout creates an account instead, then sign-up returns to the checkout', async () => {
    fakeApi(shopAuthHandlers([newcomer]));
    const { user, router } = renderWithAuth('/checkout');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    await fillSignUp(user, newcomer);

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
  });

  it('when the email already has an account, then plain words say so', async () => {
    fakeAuthService.addAccount(newcomer.email, 'Other123!');
    fakeApi({});
    const { user } = renderWithAuth('/signup');

    await fillSignUp(user, newcomer);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists. Log in instead.',
    );
  });

  it('when the account is created, then a notice says a verification link was sent and, in emulator mode, where to find it', async () => {
    fakeApi({ ...shopAuthHandlers([newcomer]), ...homeHandlers });
    const { user, router } = renderWithAuth('/signup');

    await fillSignUp(user, newcomer);

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const notice = await screen.findByText(
      'We sent a link to robin@example.com: follow it to verify your email address.',
    );
    const region = notice.closest('[role="status"]') as HTMLElement;
    expect(region).not.toBeNull();
    const link = within(region).getByRole('link', { name: /emulator’s list of links/ });
    expect(link).toHaveAttribute(
      'href',
      'http://127.0.0.1:9099/emulator/v1/projects/demo-toolworks/oobCodes',
    );
    await user.click(within(region).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/We sent a link/)).not.toBeInTheDocument();
  });

  it('when the shop answers that an admin-listed address must verify first, then that notice shows after sign-in', async () => {
    const listed = { ...newcomer, email: 'boss@example.com' };
    const handlers = shopAuthHandlers([listed]);
    const exchange = `PUT /api/user/${encodeURIComponent(listed.email)}`;
    fakeApi({
      ...handlers,
      ...homeHandlers,
      [exchange]: () =>
        json({
          token: fakeAccessToken(listed.email),
          emailVerified: false,
          notice: 'Verify your email address to get your admin rights.',
        }),
    });
    const { user } = renderWithAuth('/signup');

    await fillSignUp(user, listed);

    expect(
      await screen.findByText(
        'We sent a link to boss@example.com: follow it to verify your email address. Verify your email address to get your admin rights.',
      ),
    ).toBeInTheDocument();
  });
});
