import type { Profile } from '@toolworks/contract/profiles';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildLine, cartOf } from '@/features/cart/test-carts';
import { fakeApi, json } from '@/testing/fake-api';
import { buildTool } from '@/testing/factories';
import { renderApp, signedInSession } from '@/testing/render';

const email = 'casey@example.com';
const profile: Profile = {
  name: 'Casey Jones Ltd buyer',
  email_address: email,
  LinkedIn_profile_link: '',
  country: 'United Kingdom',
  street_address: '1 Mill Road',
  city: 'Leeds',
  state: '',
  phone: '+44 113 496 0000',
  company_name: 'Casey Tools',
  vat_id: '',
  delivery_address: 'Dock 4, Water Street, Leeds',
  postal_code: 'LS1 4AB',
};

const savedProfile = {
  [`GET /api/userDetails/${encodeURIComponent(email)}`]: () => json(profile),
  [`GET /api/admin/${encodeURIComponent(email)}`]: () => json({ admin: false }),
  'GET /api/categories': () => json([]),
};

/** Issue 23, point 14: the quote form opens where it is asked for, filled from My Profile. */
describe('the quote form, reached from the shop', () => {
  it('when Request a quote is clicked on a tool page, then the purchase page opens with the form open and prefilled', async () => {
    const tool = buildTool({
      name: 'Torque Wrench',
      availableQuantity: 50,
      MinimumOrderQuantity: 10,
    });
    fakeApi({
      ...savedProfile,
      [`GET /api/tool/${tool._id}`]: () => json(tool),
      [`GET /api/tool/${tool._id}/reviews`]: () => json([]),
    });
    const { user } = renderApp({ route: `/tool/${tool._id}`, session: signedInSession() });
    await user.click(await screen.findByRole('link', { name: 'Request a quote' }));

    const form = await screen.findByRole('form', { name: 'Request a quote' });
    expect(form).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request a quote' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const quantity = screen.getByLabelText('Quantity of Torque Wrench');
    expect(quantity).toHaveFocus();
    // The Buy Now form beside it is prefilled from the same profile: look inside the quote form.
    const inForm = within(form);
    expect(await inForm.findByDisplayValue('+44 113 496 0000')).toBe(
      inForm.getByLabelText('Phone for the quote'),
    );
    expect(inForm.getByLabelText('Delivery address')).toHaveValue('Dock 4, Water Street, Leeds');
    expect(inForm.getByLabelText('Name for the quote')).toHaveValue('Casey Jones Ltd buyer');
  });

  it('when a quantity above the stock is typed in the cart, then the quote form carries it and the saved details', async () => {
    const vise = buildLine({ name: 'Bench Vise', quantity: 20, availableQuantity: 50 });
    fakeApi({ ...savedProfile, 'GET /api/cart': () => json(cartOf([vise])) });
    const { user } = renderApp({ route: '/cart', session: signedInSession() });

    const typed = await screen.findByRole('textbox', { name: 'Quantity of Bench Vise' });
    await user.clear(typed);
    await user.type(typed, '600');
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));

    expect(screen.getByLabelText('Quantity of Bench Vise', { selector: 'form input' })).toHaveValue(
      '600',
    );
    expect(screen.getByLabelText('Phone for the quote')).toHaveValue('+44 113 496 0000');
    expect(screen.getByLabelText('Delivery address')).toHaveValue('Dock 4, Water Street, Leeds');
  });
});
