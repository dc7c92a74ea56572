import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeApi } from '@/testing/fake-api';
import { fakeAuthService } from './testing/fake-firebase';
import { renderWithAuth } from './testing/render-with-auth';

vi.mock('@/lib/firebase', async () => (await import('./testing/fake-firebase')).fakeFirebaseModule);

beforeEach(() => {
  fakeAuthService.reset();
  fakeAuthService.addAccount('casey@example.com', 'Secret123!');
  fakeApi({});
});

async function requestReset(user: ReturnType<typeof renderWithAuth>['user'], email: string) {
  const field = await screen.findByLabelText('Email');
  if (email) await user.type(field, email);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('Forgot', () => {
  it('when submitted empty or malformed, then the email messages show and nothing is sent', async () => {
    const { user } = renderWithAuth('/forgot');

    await requestReset(user, '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await requestReset(user, 'casey');
    expect(await screen.findByText('Provide a valid email')).toBeInTheDocument();

    expect(fakeAuthService.resets).toEqual([]);
  });

  it('when the address has an account, then the reset is sent and it says Sent email', async () => {
    const { user } = renderWithAuth('/forgot');

    await requestReset(user, 'Casey@Example.com');

    expect(await screen.findByText('Sent email')).toBeInTheDocument();
    expect(fakeAuthService.resets).toEqual(['casey@example.com']);
    // In emulator mode, as after sign-up: where the emulator lists the reset link.
    expect(screen.getByRole('link', { name: /emulator’s list of links/ })).toHaveAttribute(
      'href',
      'http://127.0.0.1:9099/emulator/v1/projects/demo-toolworks/oobCodes',
    );
  });

  it('when the address has no account, then it reads the same, so strangers learn nothing', async () => {
    const { user } = renderWithAuth('/forgot');

    await requestReset(user, 'nobody@example.com');

    expect(await screen.findByText('Sent email')).toBeInTheDocument();
  });

  it('when the sign-in service cannot be reached, then plain words show in red', async () => {
    fakeAuthService.failNext('auth/network-request-failed');
    const { user } = renderWithAuth('/forgot');

    await requestReset(user, 'casey@example.com');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't reach the sign-in service",
    );
    expect(screen.queryByText('Sent email')).not.toBeInTheDocument();
  });
});
