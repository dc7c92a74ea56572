import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthService } from '@/features/auth/testing/fake-firebase';
import { renderWithAuth, shopAuthHandlers } from '@/features/auth/testing/render-with-auth';
import { apiError, fakeApi, json } from '@/testing/fake-api';

vi.mock(
  '@/lib/firebase',
  async () => (await import('@/features/auth/testing/fake-firebase')).fakeFirebaseModule,
);

const token = 'T'.repeat(43);
const pat = { email: 'pat@example.com', password: 'Secret123!' };
const preview = { companyName: 'Harbour Workshop Ltd', email: pat.email };

beforeEach(() => {
  fakeAuthService.reset();
  fakeAuthService.addAccount(pat.email, pat.password, 'Pat Approver');
});

describe('the invitation link, signed out', () => {
  it('when opened, then it says which company invites which address and offers sign-in and sign-up with that address', async () => {
    fakeApi({ [`GET /api/invitations/${token}/preview`]: () => json(preview) });
    const { user } = renderWithAuth(`/invitations/${token}`);

    expect(
      await screen.findByRole('heading', { name: 'Harbour Workshop Ltd invites you' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/invites pat@example.com to its trade account/)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(pat.email);

    // The way over to Login keeps the address and the way back to the invitation.
    const footer = screen.getByText(/Already have an account/);
    await user.click(within(footer).getByRole('link', { name: 'Login' }));
    expect(await screen.findByLabelText('Email')).toHaveValue(pat.email);
  });

  it('when they sign in from it, then they come back to the invitation with the address prefilled', async () => {
    fakeApi({
      ...shopAuthHandlers([pat]),
      [`GET /api/invitations/${token}/preview`]: () => json(preview),
      [`GET /api/invitations/${token}`]: () =>
        json({
          ...preview,
          role: 'approver',
          expiresAt: '2099-12-05T10:00:00.000Z',
          status: 'pending',
        }),
    });
    const { user } = renderWithAuth(`/invitations/${token}`);
    await user.click(await screen.findByRole('link', { name: 'Sign in to accept' }));
    expect(await screen.findByLabelText('Email')).toHaveValue(pat.email);
    await user.type(screen.getByLabelText('Password'), pat.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByRole('button', { name: 'Join Harbour Workshop Ltd' }),
    ).toBeInTheDocument();
  });

  it('when the link is no longer open, then it says so and names no company', async () => {
    fakeApi({
      [`GET /api/invitations/${token}/preview`]: () =>
        apiError(409, 'CONFLICT', 'This invitation is no longer open: ask for a new one'),
    });
    renderWithAuth(`/invitations/${token}`);
    expect(
      await screen.findByText('This invitation is no longer open: ask for a new one'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Harbour/)).not.toBeInTheDocument();
  });
});
