import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { buildProfile, buildTool } from '@/testing/factories';
import { renderApp, signedInSession } from '@/testing/render';

const email = 'casey@example.com';

describe('Buy Now on the purchase page', () => {
  it('when the buyer saved My Profile, then the form starts with its name, phone and delivery address', async () => {
    const tool = buildTool({ name: 'Torque Wrench', availableQuantity: 50 });
    fakeApi({
      [`GET /api/tool/${tool._id}`]: () => json(tool),
      [`GET /api/admin/${encodeURIComponent(email)}`]: () => json({ admin: false }),
      [`GET /api/userDetails/${encodeURIComponent(email)}`]: () =>
        json(
          buildProfile({
            name: 'Casey of Harbour Fixings',
            email_address: email,
            postal_code: 'B3H 1A1',
          }),
        ),
    });
    renderApp({ route: `/purchase/${tool._id}`, session: signedInSession() });

    expect(await screen.findByRole('textbox', { name: 'Phone' }, { timeout: 5000 })).toHaveValue(
      '+1 902 555 0100',
    );
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue(
      'Dock 4, 80 Water Street, Halifax',
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Casey of Harbour Fixings');
  });
});
