import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderApp, signedInSession } from '@/testing/render';

const email = 'casey@example.com';

describe('the dashboard welcome', () => {
  it('when the customer saved a name in My Profile, then the welcome uses it instead of the sign-in name', async () => {
    fakeApi({
      [`GET /api/admin/${encodeURIComponent(email)}`]: () => json({ admin: false }),
      [`GET /api/userDetails/${encodeURIComponent(email)}`]: () =>
        json({
          name: 'Casey of Harbour Fixings',
          email_address: email,
          LinkedIn_profile_link: '',
          country: '',
          street_address: '',
          city: '',
          state: '',
          phone: '',
          company_name: 'Harbour Fixings Ltd.',
          vat_id: '',
          delivery_address: '',
          postal_code: '',
        }),
    });
    renderApp({ route: '/dashboard', session: signedInSession() });

    expect(
      await screen.findByRole('heading', { name: 'Welcome, Casey of Harbour Fixings' }),
    ).toBeInTheDocument();
  });
});
